import BatonCore
import BatonJSON
import HTTP

/// A refused audit trail query is 400 with its code; `details.field` names the parameter.
extension AuditError: HTTPErrorConvertible {
    public var status: Int { 400 }

    public var details: [String: JSONValue] {
        switch self {
        case .invalidLimit: ["field": .string("limit")]
        case .invalidCursor: ["field": .string("after")]
        }
    }
}
