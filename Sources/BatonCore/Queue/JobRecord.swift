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

    static let columns = """
        id, kind, state, priority, attempt, max_attempts, scheduled_at, attempted_by, finalized_at,
        (errors -> -1)::text, created_at
        """

    init(_ row: PostgresRow) throws(PostgresError) {
        id = try row.decode(at: 0)
        kind = try row.decode(at: 1)
        state = JobState(rawValue: try row.decode(String.self, at: 2)) ?? .available
        priority = try row.decode(at: 3)
        attempt = try row.decode(at: 4)
        maxAttempts = try row.decode(at: 5)
        scheduledAt = try row.decode(at: 6)
        attemptedBy = try row.decode(at: 7)
        finalizedAt = try row.decode(at: 8)
        lastError = try row.decode(at: 9)
        createdAt = try row.decode(at: 10)
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
