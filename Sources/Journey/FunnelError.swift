/// Why a funnel report was refused: a query refused before it reached the
/// database (HTTP 400; 422 for ``tooLarge``), or a report whose statement
/// ran past its timeout (503). Each case has a stable wire ``code``;
/// messages quote no input.
public enum FunnelError: Error, Equatable, Sendable {
    /// A parameter is malformed: `field` names it, `reason` says what it must be.
    case invalidParameter(field: String, reason: String)
    /// `from` is not before `to`.
    case emptyRange
    /// The range holds more buckets than ``JourneyQuery/bucketLimit``.
    case rangeTooLarge(buckets: Int64, limit: Int)
    /// `group_by` is not one of ``FunnelGrouping``.
    case invalidGroupBy
    /// `view` is not one of ``FunnelView``.
    case invalidView
    /// The report would hold more than `limit` cells (``JourneyQuery/cells``,
    /// `BATON_REPORT_MAX_CELLS`); refused before any row is read.
    case tooLarge(cells: Int, limit: Int)
    /// A statement of the report ran past `milliseconds`
    /// (`BATON_REPORT_STATEMENT_TIMEOUT_MS`) and the database cancelled it.
    case timedOut(milliseconds: Int)

    /// The stable machine code (`error.code`).
    public var code: String {
        switch self {
        case .invalidParameter: "invalid_parameter"
        case .emptyRange: "invalid_range"
        case .rangeTooLarge: "range_too_large"
        case .invalidGroupBy: "invalid_group_by"
        case .invalidView: "invalid_view"
        case .tooLarge: "report_too_large"
        case .timedOut: "report_timeout"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .invalidParameter(let field, let reason): "\(field) \(reason)."
        case .emptyRange: "from must be before to."
        case .rangeTooLarge(let buckets, let limit):
            "The range holds \(buckets) buckets; at most \(limit) are answered: narrow it or use a wider interval."
        case .invalidGroupBy: "group_by must be \(FunnelGrouping.listed)."
        case .invalidView: "view must be flow or cohort."
        case .tooLarge(let cells, let limit):
            "The report would hold \(cells) cells (buckets × rows × stages); at most \(limit) are answered: "
                + "narrow the range, use a wider interval, or ask for fewer groups with top."
        case .timedOut(let milliseconds):
            "A statement of the report ran past \(milliseconds) ms and was cancelled: narrow the range or group less, or retry when the database is less busy."
        }
    }
}

extension FunnelError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
