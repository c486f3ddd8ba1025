/// What a stop request means to a ``BackgroundService``.
public enum StopMode: Sendable, Equatable {
    /// The service ends once the turn in progress returns; no further turn.
    case afterCurrentTurn
    /// The service keeps turning, reconnecting when it must, until a turn
    /// returns ``ServiceStep/finished`` (final writes, handing work back).
    /// After a stop, a failure is retried `retries` more times (100 ms, then
    /// doubling), and then the service gives up.
    case whenFinished(retries: Int)
}
