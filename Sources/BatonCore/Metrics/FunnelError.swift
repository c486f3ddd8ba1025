/// Why a funnel query was refused before it reached the database. Each case
/// has a stable wire ``code`` (HTTP 400); messages quote no input.
public enum FunnelError: Error, Equatable, Sendable {
    /// A parameter is malformed: `field` names it, `reason` says what it must be.
    case invalidParameter(field: String, reason: String)
    /// `from` is not before `to`.
    case emptyRange
    /// The range holds more buckets than ``FunnelQuery/bucketLimit``.
    case rangeTooLarge(buckets: Int64, limit: Int)
    /// `group_by` is not one of ``FunnelGrouping``.
    case invalidGroupBy
    /// `view` is not one of ``FunnelView``.
    case invalidView

    /// The stable machine code (`error.code`).
    public var code: String {
        switch self {
        case .invalidParameter: "invalid_parameter"
        case .emptyRange: "invalid_range"
        case .rangeTooLarge: "range_too_large"
        case .invalidGroupBy: "invalid_group_by"
        case .invalidView: "invalid_view"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .invalidParameter(let field, let reason): "\(field) \(reason)."
        case .emptyRange: "from must be before to."
        case .rangeTooLarge(let buckets, let limit):
            "The range holds \(buckets) buckets; at most \(limit) are answered: narrow it or use a wider interval."
        case .invalidGroupBy: "group_by must be source, campaign, inviter or family."
        case .invalidView: "view must be flow or cohort."
        }
    }
}

extension FunnelError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
