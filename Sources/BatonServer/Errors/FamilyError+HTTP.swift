import BatonCore
import BatonJSON
import HTTP

/// How family failures read on the wire: 404 for a family no invite named.
extension FamilyError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound: 404
        }
    }

    public var details: [String: JSONValue] { [:] }
}
