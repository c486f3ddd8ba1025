import Postgres

extension JobQueue {
    /// The newest jobs (highest id first), optionally of one state and kind.
    public static func list(
        state: JobState? = nil, kind: String? = nil, limit: Int = 50, on connection: PostgresConnection
    ) throws(JobQueueError) -> [JobRecord] {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(listStatement, [state?.rawValue, kind, max(1, min(limit, 10_000))]).map(JobRecord.init)
        }
    }

    /// Makes a discarded, cancelled or retryable job `available` now, with
    /// one more attempt allowed if it had used them all.
    /// - Throws: `job_not_found`; `job_wrong_state` for a running or completed job.
    public static func retry(id: Int64, on connection: PostgresConnection) throws(JobQueueError) -> JobRecord {
        try operate(retryStatement, id: id, operation: "retried", on: connection)
    }

    /// Retries every discarded job. Returns how many.
    @discardableResult
    public static func retryDiscarded(on connection: PostgresConnection) throws(JobQueueError) -> Int {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(retryDiscardedStatement).count
        }
    }

    /// Cancels a job that has not finished. A running job's worker is not
    /// interrupted, but its result is ignored.
    /// - Throws: `job_not_found`; `job_wrong_state` for a finished job.
    public static func cancel(id: Int64, on connection: PostgresConnection) throws(JobQueueError) -> JobRecord {
        try operate(cancelStatement, id: id, operation: "cancelled", on: connection)
    }

    /// Jobs counted by kind and state.
    public static func stats(on connection: PostgresConnection) throws(JobQueueError) -> [JobCount] {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(statsStatement).map { row throws(PostgresError) in
                JobCount(
                    kind: try row.decode("kind"), state: try row.decode("state"), count: try row.decode("count"),
                    oldestScheduledAt: try row.decode("oldest_scheduled_at"))
            }
        }
    }

    /// Runs a single-job operator statement that returns the job's state
    /// before (`previous`) and its record when the operation applied.
    private static func operate(
        _ statement: PostgresStatement, id: Int64, operation: String, on connection: PostgresConnection
    ) throws(JobQueueError) -> JobRecord {
        let rows = try JobQueueError.wrapping { () throws(PostgresError) in try connection.query(statement, [id]) }
        guard let row = rows.first else { throw .notFound(id: id) }
        let record = try JobQueueError.wrapping { () throws(PostgresError) in try JobRecord(row) }
        let applied = try JobQueueError.wrapping { () throws(PostgresError) in try row.decode(Bool.self, "applied") }
        guard applied else { throw .wrongState(id: id, state: record.state, operation: operation) }
        return record
    }

    static let listStatement = PostgresStatement(
        name: "jobs_list",
        sql: """
            SELECT \(JobRecord.columns) FROM baton.jobs
            WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR kind = $2)
            ORDER BY id DESC LIMIT $3
            """)

    /// Locks the job, changes it when its state allows, and returns its
    /// current row (changed or not) with whether the change applied.
    private static func singleJobOperation(name: String, allowed: String, set: String) -> PostgresStatement {
        PostgresStatement(
            name: name,
            sql: """
                WITH target AS (SELECT id, state FROM baton.jobs WHERE id = $1 FOR UPDATE),
                changed AS (
                    UPDATE baton.jobs AS j SET \(set)
                    FROM target WHERE j.id = target.id AND target.state IN (\(allowed))
                    RETURNING j.*
                )
                SELECT \(JobRecord.columns), true AS applied FROM changed
                CROSS JOIN LATERAL (SELECT pg_notify('\(channel)', '')) AS wake
                UNION ALL
                SELECT \(JobRecord.columns), false FROM baton.jobs
                WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM changed)
                """)
    }

    static let retryStatement = singleJobOperation(
        name: "jobs_retry", allowed: "'discarded', 'cancelled', 'retryable'",
        set: """
            state = 'available', scheduled_at = now(), finalized_at = NULL, lease_expires_at = NULL,
            max_attempts = greatest(j.max_attempts, j.attempt + 1)
            """)

    static let cancelStatement = singleJobOperation(
        name: "jobs_cancel", allowed: "'available', 'retryable', 'running'",
        set: "state = 'cancelled', finalized_at = now(), lease_expires_at = NULL")

    static let retryDiscardedStatement = PostgresStatement(
        name: "jobs_retry_discarded",
        sql: """
            WITH changed AS (
                UPDATE baton.jobs
                SET state = 'available', scheduled_at = now(), finalized_at = NULL,
                    max_attempts = greatest(max_attempts, attempt + 1)
                WHERE state = 'discarded'
                RETURNING id
            )
            SELECT id, pg_notify('\(channel)', '') FROM changed
            """)

    static let statsStatement = PostgresStatement(
        name: "jobs_stats",
        sql: """
            SELECT kind, state, count(*) AS count, min(scheduled_at) AS oldest_scheduled_at
            FROM baton.jobs GROUP BY kind, state ORDER BY kind, state
            """)
}
