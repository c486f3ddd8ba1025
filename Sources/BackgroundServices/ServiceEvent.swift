/// What a ``BackgroundService`` tells its owner, on the service's thread.
///
/// Failures are reported once per change of state, not once per attempt: the
/// first failure after a success, then again only when the error's
/// description changes, then ``recovered(failures:)`` at the next success.
public enum ServiceEvent: Sendable {
    /// A connect or turn failed; `failures` counts the failures in a row so
    /// far. The service backs off and reconnects (unless it has no backoff).
    case failing(any Error, failures: Int)
    /// A turn succeeded after `failures` failures in a row.
    case recovered(failures: Int)
    /// The thread has closed its session and is about to end.
    case stopped
}
