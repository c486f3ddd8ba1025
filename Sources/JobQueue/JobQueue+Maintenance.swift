import Postgres

extension JobQueue {
    /// Rescues up to `limit` jobs whose lease expired (their worker died or
    /// stalled without heartbeating): each becomes `retryable`, due at once,
    /// or `discarded` when that was its last attempt; `errors` says why.
    /// Leases are extended by live workers' heartbeats, so a slow job that is
    /// still running is never rescued.
    /// - Returns: how many jobs were rescued.
    @discardableResult
    public static func rescueExpired(limit: Int = 1000, on connection: PostgresConnection) throws(JobQueueError) -> Int {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(rescueStatement, [limit]).affectedRows
        }
    }

    /// Deletes up to `limit` finalized jobs (completed, discarded, cancelled)
    /// finalized more than `retention` ago. Their unique keys become free again.
    /// - Returns: how many were deleted; call again while it equals `limit`.
    @discardableResult
    public static func deleteFinalized(
        olderThan retention: Duration, limit: Int = 10_000, on connection: PostgresConnection
    ) throws(JobQueueError) -> Int {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(deleteFinalizedStatement, [retention.intervalSeconds, limit]).affectedRows
        }
    }

    static let rescueStatement = PostgresStatement(
        name: "jobs_rescue",
        sql: """
            WITH expired AS (
                SELECT id FROM baton.jobs
                WHERE state = 'running' AND lease_expires_at < now()
                ORDER BY lease_expires_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED
            )
            UPDATE baton.jobs AS j
            SET state = CASE WHEN j.attempt >= j.max_attempts THEN 'discarded' ELSE 'retryable' END,
                finalized_at = CASE WHEN j.attempt >= j.max_attempts THEN now() END,
                scheduled_at = now(), lease_expires_at = NULL,
                errors = j.errors || jsonb_build_array(baton.job_error(j.attempt, 'lease expired: the worker stopped heartbeating', j.attempted_by))
            FROM expired WHERE j.id = expired.id
            """)

    static let deleteFinalizedStatement = PostgresStatement(
        name: "jobs_delete_finalized",
        sql: """
            DELETE FROM baton.jobs WHERE id IN (
                SELECT id FROM baton.jobs
                WHERE finalized_at < now() - make_interval(secs => $1)
                LIMIT $2
            )
            """)
}
