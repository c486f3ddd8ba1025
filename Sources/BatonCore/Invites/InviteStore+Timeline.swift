import Foundation
import Postgres

extension InviteStore {
    /// The events of the invite with `id`, oldest first: at most `limit`
    /// (within ``InviteTimeline/limitRange``) after the cursor `after`.
    ///
    /// Ordered by the events' row numbers, which for one invite is the
    /// order things happened: every event of an invite is written under its
    /// row lock, after the change it records.
    /// - Throws: `InviteError.notFound`, `.validationFailed` (field `after`)
    ///   for a cursor this API did not return, or the database's error.
    public func timeline(id: UUID, after: String?, limit: Int, on connection: PostgresConnection) throws -> InviteTimeline {
        let cursor = try after.map { text throws(InviteError) in
            guard text.utf8.count <= 19, let value = Int64(text), value >= 0 else {
                throw .validationFailed(field: "after", reason: "is not a cursor this API returned")
            }
            return value
        }
        let limit = min(max(limit, InviteTimeline.limitRange.lowerBound), InviteTimeline.limitRange.upperBound)
        let rows = try connection.query(Self.selectTimeline, [id, cursor, limit + 1])
        guard !rows.isEmpty else { throw InviteError.notFound }
        var events = try rows.compactMap { row -> InviteEvent? in
            guard let sequence = try row.decode(Int64?.self, "sequence") else { return nil }
            return InviteEvent(
                id: try row.decode(UUID.self, "event_id"), type: try row.decode(String.self, "type"),
                occurredAt: try row.decode(Date.self, "occurred_at"), channel: try row.decode(String?.self, "channel"),
                data: try row.decode(String.self, "data"), sequence: sequence)
        }
        var next: String?
        if events.count > limit {
            events.removeLast()
            next = events.last.map { String($0.sequence) }
        }
        return InviteTimeline(events: events, next: next)
    }

    /// No row when the invite does not exist; one row of NULLs when it has
    /// no events after the cursor. Parameters: $1 invite, $2 cursor (or
    /// NULL), $3 rows wanted.
    static let selectTimeline = PostgresStatement(
        name: "invites_timeline",
        sql: """
            SELECT e.id AS sequence, e.event_id, e.type, e.occurred_at, e.channel, e.data::text AS data
            FROM baton.invites i
            LEFT JOIN LATERAL (
                SELECT id, event_id, type, occurred_at, channel, data FROM baton.events
                WHERE invite_id = i.id AND ($2::int8 IS NULL OR id > $2::int8)
                ORDER BY id LIMIT $3
            ) AS e ON true
            WHERE i.id = $1
            ORDER BY e.id
            """)
}
