import BatonCore
import BatonJSON
import HTTP
import Journey

/// A refused funnel query is 400 with its code; `details.field` names a bad
/// parameter (`group_by`, `view` and `top` too), `details.buckets` and
/// `details.limit` size a range too large. A report of too many cells is
/// 422 (`details.cells`, `details.limit`): asking again is refused again.
/// A report cancelled by its statement timeout is 503 (`details.timeout_ms`):
/// the same report may fit when the database is less busy, a smaller one will.
extension FunnelError: HTTPErrorConvertible {
    public var status: Int {
        switch self {
        case .tooLarge: 422
        case .timedOut: 503
        default: 400
        }
    }

    public var details: [String: JSONValue] {
        switch self {
        case .invalidParameter(let field, _): ["field": .string(field)]
        case .emptyRange: ["field": .string("from")]
        case .rangeTooLarge(let buckets, let limit): ["buckets": .int(Int(buckets)), "limit": .int(limit)]
        case .invalidGroupBy: ["field": .string("group_by")]
        case .invalidView: ["field": .string("view")]
        case .tooLarge(let cells, let limit): ["cells": .int(cells), "limit": .int(limit)]
        case .timedOut(let milliseconds): ["timeout_ms": .int(milliseconds)]
        }
    }
}
