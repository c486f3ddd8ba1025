/// The opaque `after` cursor of the event feed: an event's place in it,
/// `(transaction id, event row id)`, base64url-encoded so clients treat it
/// as a token. ``start`` is before every event.
public struct EventCursor: Sendable, Equatable, Comparable {
    /// Before the first event.
    public static let start = EventCursor(transaction: 0, row: 0)

    /// The `xact_id` (an `xid8`, read as a bigint) of the transaction that recorded the event.
    var transaction: Int64
    /// The event's `id` (its identity, not its uuid).
    var row: Int64

    init(transaction: Int64, row: Int64) {
        self.transaction = transaction
        self.row = row
    }

    /// Parses a cursor this server issued.
    /// - Throws: `EventFeedError.invalidCursor` for anything else (at most
    ///   64 characters are looked at).
    public init(parsing text: String) throws(EventFeedError) {
        guard let plain = CursorToken.decode(text, maxLength: 64) else { throw .invalidCursor }
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let transaction = Int64(parts[0]), let row = Int64(parts[1]), transaction >= 0, row >= 0 else {
            throw .invalidCursor
        }
        self.init(transaction: transaction, row: row)
    }

    /// The cursor as clients see it.
    public var text: String {
        CursorToken.encode("\(transaction).\(row)")
    }

    /// Feed order: by transaction, then by row.
    public static func < (lhs: EventCursor, rhs: EventCursor) -> Bool {
        (lhs.transaction, lhs.row) < (rhs.transaction, rhs.row)
    }
}
