import Foundation
import Postgres

/// The event feed behind `GET /v1/events`: the events the webhooks carry,
/// as the same bytes, in a fixed order that a cursor never skips through.
///
/// An event's place is `(xact_id, id)`: the transaction that recorded it,
/// then its row identity (migration 0016). A page only holds events whose
/// transaction is older than the oldest transaction still running
/// (`pg_snapshot_xmin` of the statement's snapshot); every transaction that
/// can still commit an event is at least that new, so its events sort after
/// every event already returned. Ordering by the identity or by time alone
/// would not do: both are taken before the commit, so a slower transaction
/// can commit an event behind a cursor that has moved on. The price is that
/// a long write transaction holds the feed back until it ends.
public enum EventFeed {
    /// What a client asks for: where to resume, which type, how many.
    public struct Query: Sendable, Equatable {
        /// Page sizes accepted.
        public static let limitRange = 1...500
        /// Events per page unless asked otherwise.
        public static let defaultLimit = 100

        /// Resume after this event; ``EventCursor/start`` reads from the oldest kept.
        public var after: EventCursor
        /// Only this type, when set.
        public var type: OutboxEvents.EventType?
        /// Events per page, within ``limitRange``.
        public var limit: Int

        /// A query; the defaults read every type from the start, 100 per page.
        public init(after: EventCursor = .start, type: OutboxEvents.EventType? = nil, limit: Int = defaultLimit) {
            self.after = after
            self.type = type
            self.limit = limit
        }

        /// The query of `GET /v1/events?after=&type=&limit=` (nil for an absent parameter).
        /// - Throws: `EventFeedError.invalidCursor`, or `.invalidParameter` naming `type` or `limit`.
        public init(after: String?, type: String?, limit: String?) throws(EventFeedError) {
            self.init()
            if let after { self.after = try EventCursor(parsing: after) }
            if let type {
                guard let parsed = OutboxEvents.EventType(rawValue: type) else {
                    let names = OutboxEvents.EventType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .invalidParameter(field: "type", reason: "must be one of \(names)")
                }
                self.type = parsed
            }
            self.limit = try PageLimit.parse(limit, in: Self.limitRange, default: Self.defaultLimit) { reason in
                EventFeedError.invalidParameter(field: "limit", reason: reason)
            }
        }
    }

    /// One page, oldest first.
    public struct Page: Sendable {
        /// The webhook bodies `{"id", "type", "created_at", "data"}`, in feed
        /// order, each in the bytes a delivery of it signs and sends.
        public var events: [WebhookJSON]
        /// Where the next page starts: after the last event here, or the
        /// query's own cursor when the page is empty (poll again with it).
        public var next: EventCursor
        /// Whether more events were ready past this page.
        public var hasMore: Bool

        /// `{"events": [...], "has_more", "next_cursor"}` (the API's and
        /// `baton events list --json`'s), compact, members in key order,
        /// each event's bytes copied as they are, never re-encoded: a hidden
        /// character inside one stays as its webhook carries it, unlike in
        /// the API's other answers.
        public func json() -> Data {
            let open = Array(#"{"events":["#.utf8)
            let close = Array(#"],"has_more":\#(hasMore),"next_cursor":"\#(next.text)"}"#.utf8)
            var out = Data(capacity: open.count + close.count + events.reduce(0) { $0 + $1.bytes.count + 1 })
            out.append(contentsOf: open)
            for (index, event) in events.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: event.bytes)
            }
            out.append(contentsOf: close)
            return out
        }
    }

    /// The page of `query`. Deleted events (`BATON_EVENT_RETENTION_DAYS`)
    /// are simply absent; a cursor from before them resumes at the oldest kept.
    /// - Throws: the database's error; `PostgresError(.unexpectedResult)`
    ///   for a body that is not JSON (never, from `baton.webhook_body`).
    public static func page(_ query: Query, on connection: PostgresConnection) throws -> Page {
        let limit = min(max(query.limit, Query.limitRange.lowerBound), Query.limitRange.upperBound)
        let types = query.type.map { [$0.rawValue] } ?? OutboxEvents.EventType.allCases.map(\.rawValue)
        let rows = try connection.query(
            pageStatement, [query.after.transaction, query.after.row, types, limit + 1])
        var events: [WebhookJSON] = []
        var next = query.after
        for row in rows.prefix(limit) {
            // Read as a delivery reads its body (the function's text), so both give the same bytes.
            guard let body = WebhookJSON(try row.decode(String.self, "body").utf8) else { throw PostgresError(.unexpectedResult) }
            events.append(body)
            next = EventCursor(transaction: try row.decode("xact_id"), row: try row.decode("id"))
        }
        return Page(events: events, next: next, hasMore: rows.count > limit)
    }

    /// Parameters: $1 the cursor's transaction, $2 its row, $3 the
    /// types, $4 the page size plus one. Reads `events_feed` in order; each
    /// event's invite is joined here for the body's attribution.
    static let pageStatement = PostgresStatement(
        name: "event_feed_page",
        sql: """
            SELECT e.xact_id::text::int8 AS xact_id, e.id,
                   baton.webhook_body(e.event_id, e.type, e.occurred_at, e.data, i.source, i.campaign)::text AS body
            FROM baton.events e LEFT JOIN baton.invites i ON i.id = e.invite_id
            WHERE (e.xact_id, e.id) > ($1::int8::text::xid8, $2::int8)
              AND e.xact_id < pg_snapshot_xmin(pg_current_snapshot())
              AND e.type = ANY($3::text[])
            ORDER BY e.xact_id, e.id
            LIMIT $4
            """)
}
