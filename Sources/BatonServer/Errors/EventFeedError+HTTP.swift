import BatonCore
import BatonJSON
import HTTP

/// A refused feed query is 400 with its code; `details.field` names the parameter.
extension EventFeedError: HTTPErrorConvertible {
    public var status: Int { 400 }

    public var details: [String: JSONValue] {
        switch self {
        case .invalidParameter(let field, _): ["field": .string(field)]
        case .invalidCursor: ["field": .string("after")]
        }
    }
}
