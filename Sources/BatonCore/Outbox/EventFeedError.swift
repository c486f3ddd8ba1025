/// Why a `GET /v1/events` query was refused, before any database work.
/// `code` is the stable wire code; messages never repeat the caller's input.
public enum EventFeedError: Error, Equatable, Sendable {
    /// A parameter is malformed: `field` names it, `reason` says what it must be.
    case invalidParameter(field: String, reason: String)
    /// `after` is not a cursor this API returned.
    case invalidCursor

    /// The stable machine code (`error.code`).
    public var code: String {
        switch self {
        case .invalidParameter: "invalid_parameter"
        case .invalidCursor: "invalid_cursor"
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .invalidParameter(let field, let reason): "\(field) \(reason)."
        case .invalidCursor: "after is not a cursor this API returned; start without one or pass next_cursor."
        }
    }
}

extension EventFeedError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
