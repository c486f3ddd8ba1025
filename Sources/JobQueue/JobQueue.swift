import Foundation
import Postgres
import Telemetry

/// The job queue in `baton.jobs`: enqueue, claim, heartbeat, complete, fail.
///
/// Every method runs one statement on the connection it is given, so the
/// caller picks the transaction: `enqueue` inside the caller's own
/// transaction is the transactional outbox (no job for a rolled-back change,
/// no change without its job). Claims use `FOR UPDATE SKIP LOCKED`, so
/// concurrent workers never block on, nor share, a job. Completion, failure,
/// heartbeat and release only touch jobs still `running` under the given
/// worker id: a worker whose lease expired and whose job was rescued cannot
/// overwrite the newer attempt. Enqueuing does not notify: after commit,
/// wake listening workers with ``JobWakeup`` or ``wake(on:)``
/// (`NOTIFY baton_jobs`); otherwise they find the jobs at their next poll.
public enum JobQueue {
    /// The `LISTEN` channel workers are woken on.
    public static let channel = "baton_jobs"

    /// Enqueues `job` on `connection` (in the caller's transaction if one is open).
    /// - Returns: the new job's id, or nil when a job with the same unique key exists.
    /// - Throws: `invalid_job` before touching the database; database errors.
    @discardableResult
    public static func enqueue(_ job: NewJob, on connection: PostgresConnection) throws(JobQueueError) -> Int64? {
        try job.validate()
        let id = try JobQueueError.wrapping { () throws(PostgresError) in
            let rows = try connection.query(
                insert,
                [
                    job.kind, job.args, Int32(job.priority), job.scheduledAt, Int32(job.maxAttempts), job.uniqueKey,
                    job.traceparent,
                ])
            return try rows.first?.decode(Int64.self, "id")
        }
        if id != nil { connection.raise(afterCommit: .jobsEnqueued) }
        return id
    }

    /// Claims up to `limit` due jobs of the given `kinds` for `workerID` in
    /// one statement, most urgent first (priority, then scheduled time),
    /// leased for `lease`. A worker claims only the kinds it has handlers
    /// for, so an older replica never takes a job it can't run.
    /// Run it outside a transaction so the claim commits at once.
    public static func claim(
        limit: Int, kinds: [String], workerID: String, lease: Duration, on connection: PostgresConnection
    ) throws(JobQueueError) -> [ClaimedJob] {
        guard limit > 0, !kinds.isEmpty else { return [] }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(claimStatement, [limit, workerID, lease.intervalSeconds, kinds]).map { row throws(PostgresError) in
                ClaimedJob(
                    id: try row.decode("id"), kind: try row.decode("kind"), args: try row.decode("args"),
                    attempt: try row.decode("attempt"), maxAttempts: try row.decode("max_attempts"),
                    trace: try row.decode(String?.self, "traceparent").flatMap { TraceContext(traceparent: $0) })
            }
        }
    }

    /// Marks `ids` completed. Returns how many were still this worker's.
    @discardableResult
    public static func complete(_ ids: [Int64], workerID: String, on connection: PostgresConnection) throws(JobQueueError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(completeStatement, [ids, workerID]).affectedRows
        }
    }

    /// Records failed attempts: each job becomes `retryable` at now + its
    /// `retryAfter`, or `discarded` when it was the last attempt or the
    /// failure is permanent; the message is appended to `errors`.
    /// - Returns: the ids that were discarded.
    @discardableResult
    public static func fail(_ failures: [JobFailure], workerID: String, on connection: PostgresConnection) throws(JobQueueError) -> [Int64]
    {
        guard !failures.isEmpty else { return [] }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            let rows = try connection.query(
                failStatement,
                [failures.map(\.id), failures.map(\.message), failures.map(\.retryAfter), failures.map(\.isPermanent), workerID])
            var discarded: [Int64] = []
            for row in rows where try row.decode(Bool.self, "discard") {
                discarded.append(try row.decode(Int64.self, "id"))
            }
            return discarded
        }
    }

    /// Extends the leases of `ids` to now + `lease`; a job that is no longer
    /// this worker's (rescued, cancelled) is left alone.
    /// - Returns: how many leases were extended.
    @discardableResult
    public static func heartbeat(
        _ ids: [Int64], workerID: String, lease: Duration, on connection: PostgresConnection
    ) throws(JobQueueError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(heartbeatStatement, [ids, workerID, lease.intervalSeconds]).affectedRows
        }
    }

    /// Gives `ids` back to the queue (`available`, due now) without counting
    /// the interrupted attempt, as a worker does at shutdown for jobs it
    /// could not finish in time; the interruption is noted in `errors`.
    @discardableResult
    public static func release(_ ids: [Int64], workerID: String, on connection: PostgresConnection) throws(JobQueueError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(releaseStatement, [ids, workerID]).affectedRows
        }
    }

    static let insert = PostgresStatement(
        name: "jobs_enqueue",
        sql: """
            INSERT INTO baton.jobs (kind, args, priority, scheduled_at, max_attempts, unique_key, traceparent)
            VALUES ($1, $2, $3::smallint, coalesce($4, now()), $5, $6, $7)
            ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL DO NOTHING
            RETURNING id
            """)

    /// The claim: lock due jobs in fetch-index order, skipping rows other
    /// workers hold, and lease them in the same statement. Package-visible so
    /// the queue benchmark hands `pgbench` this very SQL.
    package static let claimStatement = PostgresStatement(
        name: "jobs_claim",
        sql: """
            WITH next AS (
                SELECT id FROM baton.jobs
                WHERE state IN ('available', 'retryable') AND scheduled_at <= now() AND kind = ANY($4)
                ORDER BY priority, scheduled_at, id
                LIMIT $1
                FOR UPDATE SKIP LOCKED
            )
            UPDATE baton.jobs AS j
            SET state = 'running', attempt = j.attempt + 1, attempted_at = now(), attempted_by = $2,
                lease_expires_at = now() + make_interval(secs => $3)
            FROM next WHERE j.id = next.id
            RETURNING j.id, j.kind, j.args, j.attempt, j.max_attempts, j.traceparent
            """)

    /// Package-visible, like `claimStatement`, for the benchmark's pgbench script.
    package static let completeStatement = PostgresStatement(
        name: "jobs_complete",
        sql: """
            UPDATE baton.jobs SET state = 'completed', finalized_at = now(), lease_expires_at = NULL
            WHERE id = ANY($1::int8[]) AND state = 'running' AND attempted_by = $2
            """)

    static let failStatement = PostgresStatement(
        name: "jobs_fail",
        sql: """
            WITH failed AS (
                SELECT f.id, f.message, f.delay, f.permanent OR j.attempt >= j.max_attempts AS discard
                FROM unnest($1::int8[], $2::text[], $3::float8[], $4::bool[])
                    AS f(id, message, delay, permanent)
                JOIN baton.jobs AS j ON j.id = f.id
            )
            UPDATE baton.jobs AS j
            SET state = CASE WHEN failed.discard THEN 'discarded' ELSE 'retryable' END,
                scheduled_at = CASE WHEN failed.discard THEN j.scheduled_at ELSE now() + make_interval(secs => failed.delay) END,
                finalized_at = CASE WHEN failed.discard THEN now() END,
                lease_expires_at = NULL,
                errors = j.errors || jsonb_build_array(baton.job_error(j.attempt, failed.message, j.attempted_by))
            FROM failed
            WHERE j.id = failed.id AND j.state = 'running' AND j.attempted_by = $5
            RETURNING j.id, failed.discard
            """)

    static let heartbeatStatement = PostgresStatement(
        name: "jobs_heartbeat",
        sql: """
            UPDATE baton.jobs SET lease_expires_at = now() + make_interval(secs => $3)
            WHERE id = ANY($1::int8[]) AND state = 'running' AND attempted_by = $2
            """)

    static let releaseStatement = PostgresStatement(
        name: "jobs_release",
        sql: """
            UPDATE baton.jobs
            SET state = 'available', attempt = greatest(attempt - 1, 0), scheduled_at = now(), lease_expires_at = NULL,
                errors = errors || jsonb_build_array(baton.job_error(attempt, 'interrupted: the worker shut down', attempted_by))
            WHERE id = ANY($1::int8[]) AND state = 'running' AND attempted_by = $2
            """)
}

extension Duration {
    /// The duration in seconds, for `make_interval(secs => …)`.
    public var intervalSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
