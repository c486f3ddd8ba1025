import Postgres

/// Where a job is in its life (the `state` column of `baton.jobs`).
///
/// ```
/// available ─claim─▶ running ─ok─▶ completed
///     ▲                 │ error, attempts left ─▶ retryable ─(scheduled_at)─▶ claimed again
///     │                 │ error, none left, or permanent ─▶ discarded
///     └─operator retry──┴─ lease expired ─▶ retryable (or discarded when out of attempts)
/// any unfinished state ─operator cancel─▶ cancelled
/// ```
public enum JobState: String, Sendable, CaseIterable, Codable {
    /// Waiting for its `scheduled_at`, then for a worker.
    case available
    /// Claimed by a worker whose lease (`lease_expires_at`) is running.
    case running
    /// Failed, and will run again at its `scheduled_at`.
    case retryable
    /// Finished successfully.
    case completed
    /// Failed for good (out of attempts, or a permanent error); an operator may retry it.
    case discarded
    /// Stopped by an operator; an operator may retry it.
    case cancelled

    /// Whether the job is done with (`finalized_at` is set).
    public var isFinal: Bool {
        self == .completed || self == .discarded || self == .cancelled
    }
}

/// Read from the `state` column; a label this build does not know is
/// `decoding_unknown_value`.
extension JobState: PostgresDecodable {}
