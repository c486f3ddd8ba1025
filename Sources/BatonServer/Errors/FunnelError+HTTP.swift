import BatonCore
import HTTP

/// A refused funnel query is 400 with its code; `details.field` names a bad
/// parameter (`group_by` and `view` too), `details.buckets` and `details.limit` size a range too large.
extension FunnelError: HTTPErrorConvertible {
    public var status: Int { 400 }

    public var details: [String: JSONValue] {
        switch self {
        case .invalidParameter(let field, _): ["field": .string(field)]
        case .emptyRange: ["field": .string("from")]
        case .rangeTooLarge(let buckets, let limit): ["buckets": .int(Int(buckets)), "limit": .int(limit)]
        case .invalidGroupBy: ["field": .string("group_by")]
        case .invalidView: ["field": .string("view")]
        }
    }
}
