/// Whether a request may go on.
public enum RateDecision: Sendable, Equatable {
    /// Within the limit; one token was taken.
    case allowed
    /// Over the limit; a retry can succeed after this many seconds (`Retry-After`).
    case limited(retryAfterSeconds: Int)
}
