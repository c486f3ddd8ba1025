import BatonCore
import HTTP

/// How invite failures read on the wire: 404 for an unknown invite, 422 with
/// `details.field` for a bad field, 503 when no unused code could be found.
extension InviteError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .notFound: 404
        case .validationFailed: 422
        case .codeSpaceExhausted: 503
        }
    }

    public var details: [String: JSONValue] {
        if case .validationFailed(let field, _) = self { return ["field": .string(field)] }
        return [:]
    }
}
