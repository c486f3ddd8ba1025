/// What a ``BackgroundService`` does after a turn that succeeded.
public enum ServiceStep: Sendable, Equatable {
    /// Turn again at once (another batch is waiting).
    case again
    /// Sleep this long, or until ``BackgroundService/wake()`` or a stop.
    case wait(Duration)
    /// The work is done: close the session and end the thread.
    case finished
}
