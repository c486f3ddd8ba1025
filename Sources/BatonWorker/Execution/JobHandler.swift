import BatonCore
import JobQueue

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

/// A handler that runs a claimed batch of its jobs at once, on one of the
/// worker's threads: the fetch loop hands every job of the kind it claimed
/// together to one call instead of waking a runner thread per job.
///
/// `finished` takes each job's outcome as soon as it is known, nil for
/// success, an error as ``JobHandler/perform(_:deadline:)`` would throw
/// it otherwise; a slow job must not hold back the outcomes of the others,
/// so the worker records each one (and refills its slot) at once. Call it
/// exactly once per job, on the calling thread; a job it never hears about
/// fails when the call returns. Past `deadline` the worker has already
/// failed the jobs still running and ignores their outcomes.
public protocol BatchJobHandler: JobHandler {
    /// Performs `jobs` (at least one, all of this handler's kind).
    func perform(_ jobs: [ClaimedJob], deadline: ContinuousClock.Instant, finished: (ClaimedJob, (any Error)?) -> Void)
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
