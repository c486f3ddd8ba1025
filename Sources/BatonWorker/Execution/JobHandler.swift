import BatonCore

/// Runs the jobs of one kind. Called on one of the worker's own threads, so
/// blocking calls (HTTP, libpq) are fine here.
///
/// Returning means success. Throwing a ``JobHandlerError`` says how to
/// retry; any other error retries with ``Backoff/jobs`` and is recorded by
/// its `description`, which must hold nothing secret. A handler should give
/// up by `deadline` (the job timeout): past it the worker records a timeout
/// failure and ignores whatever the handler returns later.
public protocol JobHandler: Sendable {
    /// Performs `job`.
    func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) throws
}

/// A failure with an explicit retry decision.
public struct JobHandlerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, stored in the job's `errors`; nothing secret.
    public var message: String
    /// Seconds before the next attempt; nil uses ``Backoff/jobs``.
    public var retryAfter: Double?
    /// Whether to discard the job now, whatever attempts remain.
    public var isPermanent: Bool

    /// A failure to retry after `retryAfter` seconds (or the default backoff).
    public static func retry(_ message: String, after retryAfter: Double? = nil) -> JobHandlerError {
        JobHandlerError(message: message, retryAfter: retryAfter, isPermanent: false)
    }

    /// A failure no retry can fix (malformed arguments, nothing configured).
    public static func permanent(_ message: String) -> JobHandlerError {
        JobHandlerError(message: message, retryAfter: nil, isPermanent: true)
    }

    public var description: String { message }
}
