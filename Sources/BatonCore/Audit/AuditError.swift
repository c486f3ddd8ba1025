/// Why a read of the audit trail (`GET /v1/audit`) was refused, before any
/// database work. The codes are those of the event feed's refusals.
public enum AuditError: Error, Equatable, Sendable {
    /// `limit` is not a whole number in ``AuditLog/limitRange``.
    case invalidLimit
    /// `after` is not a cursor this API returned.
    case invalidCursor

    /// The stable machine code (`error.code`).
    public var code: String {
        switch self {
        case .invalidLimit: "invalid_parameter"
        case .invalidCursor: "invalid_cursor"
        }
    }

    /// A sentence for people; it never repeats the caller's input.
    public var message: String {
        switch self {
        case .invalidLimit:
            "limit must be a whole number from \(AuditLog.limitRange.lowerBound) to \(AuditLog.limitRange.upperBound)."
        case .invalidCursor: "after is not a cursor this API returned; start without one or pass next_cursor."
        }
    }
}

extension AuditError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
