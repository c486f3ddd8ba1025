import Foundation
import Postgres

/// A job as operators see it (`baton jobs list`).
public struct JobRecord: Sendable, Equatable {
    /// The job's id.
    public let id: Int64
    /// Which handler runs it.
    public let kind: String
    /// Where it is.
    public let state: JobState
    /// 1 (first) to 4.
    public let priority: Int
    /// Attempts made so far.
    public let attempt: Int
    /// Attempts allowed.
    public let maxAttempts: Int
    /// When it runs (next).
    public let scheduledAt: Date
    /// The worker of the latest attempt.
    public let attemptedBy: String?
    /// When it completed, was discarded or cancelled.
    public let finalizedAt: Date?
    /// The newest entry of `errors`, as JSON text; untrusted (escape before printing).
    public let lastError: String?
    /// When it was enqueued.
    public let createdAt: Date
    /// The `traceparent` of the span that enqueued it, as stored; untrusted.
    public let traceparent: String?

    static let columns = """
        id, kind, state, priority, attempt, max_attempts, scheduled_at, attempted_by, finalized_at,
        (errors -> -1)::text AS last_error, created_at, traceparent
        """

    /// A record from a row holding ``columns``.
    /// - Throws: `decoding_unknown_value` for a state this build does not know.
    init(_ row: PostgresRow) throws(PostgresError) {
        id = try row.decode("id")
        kind = try row.decode("kind")
        state = try row.decode("state")
        priority = try row.decode("priority")
        attempt = try row.decode("attempt")
        maxAttempts = try row.decode("max_attempts")
        scheduledAt = try row.decode("scheduled_at")
        attemptedBy = try row.decode("attempted_by")
        finalizedAt = try row.decode("finalized_at")
        lastError = try row.decode("last_error")
        createdAt = try row.decode("created_at")
        traceparent = try row.decode("traceparent")
    }
}

/// How many jobs of one kind are in one state (`baton jobs stats`).
public struct JobCount: Sendable, Equatable {
    /// The kind.
    public let kind: String
    /// The state.
    public let state: JobState
    /// How many.
    public let count: Int
    /// The earliest `scheduled_at` among them: how long the oldest has waited.
    public let oldestScheduledAt: Date?
}
