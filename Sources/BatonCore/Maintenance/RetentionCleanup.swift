import JobQueue
import Postgres

/// Deletes rows kept only for a while: idempotency records and, when an
/// operator asks for it, old events. Each call deletes one bounded batch.
public enum RetentionCleanup {
    /// The shortest retention of idempotency records: a client may retry a
    /// request for a day and must get the original answer.
    public static let minimumIdempotencyRetention = Duration.seconds(24 * 3600)

    /// Deletes up to `limit` idempotency records created more than
    /// `retention` ago (never less than ``minimumIdempotencyRetention``).
    /// - Returns: how many; call again while it equals `limit`.
    public static func deleteIdempotencyKeys(
        olderThan retention: Duration, limit: Int = 10_000, on connection: PostgresConnection
    ) throws(JobQueueError) -> Int {
        let kept = max(retention, minimumIdempotencyRetention)
        return try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(deleteIdempotency, [kept.intervalSeconds, limit]).affectedRows
        }
    }

    /// Deletes up to `limit` events that occurred more than `retention` ago.
    /// Metrics (the funnel) read events: prune only past the longest period
    /// anyone will ask about.
    /// - Returns: how many; call again while it equals `limit`.
    public static func deleteEvents(
        olderThan retention: Duration, limit: Int = 10_000, on connection: PostgresConnection
    ) throws(JobQueueError) -> Int {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(deleteEventsStatement, [retention.intervalSeconds, limit]).affectedRows
        }
    }

    static let deleteIdempotency = PostgresStatement(
        name: "idempotency_delete_old",
        sql: """
            DELETE FROM baton.idempotency_keys WHERE ctid = ANY(ARRAY(
                SELECT ctid FROM baton.idempotency_keys
                WHERE created_at < now() - make_interval(secs => $1)
                LIMIT $2
            ))
            """)

    static let deleteEventsStatement = PostgresStatement(
        name: "events_delete_old",
        sql: """
            DELETE FROM baton.events WHERE id IN (
                SELECT id FROM baton.events
                WHERE occurred_at < now() - make_interval(secs => $1)
                ORDER BY occurred_at
                LIMIT $2
            )
            """)
}
