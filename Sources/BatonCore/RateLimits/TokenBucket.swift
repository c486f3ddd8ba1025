/// A token bucket: starts full at `capacity`, refills `refillPerSecond`, and
/// each admitted event takes one token. Times are seconds on one clock (a
/// monotonic one for ``RateLimiter``, Unix time for ``GuessBudget``).
struct TokenBucket: Sendable, Equatable {
    private(set) var tokens: Double
    private var updatedAt: Double

    init(capacity: Int, now: Double) {
        self.init(tokens: Double(capacity), now: now)
    }

    /// A bucket holding `tokens` at `now`, such as the cluster's count read back.
    init(tokens: Double, now: Double) {
        self.tokens = max(0, tokens)
        updatedAt = now
    }

    /// Adds the tokens earned since the last update, up to the limit's capacity.
    mutating func refill(_ limit: RateLimit, now: Double) {
        let elapsed = max(0, now - updatedAt)
        tokens = min(Double(limit.count), tokens + elapsed * limit.refillPerSecond)
        updatedAt = max(updatedAt, now)
    }

    /// Takes a token if one is there; otherwise says how many whole seconds
    /// until one will be (at least 1), and takes nothing.
    mutating func take(_ limit: RateLimit, now: Double) -> RateDecision {
        refill(limit, now: now)
        guard tokens >= 1 else { return .limited(retryAfterSeconds: secondsUntilToken(limit)) }
        tokens -= 1
        return .allowed
    }

    /// Takes `count` tokens for events that already happened, down to empty
    /// and never below: an empty bucket owes nothing, so once the events
    /// stop it has a token again within one refill interval.
    mutating func spend(_ count: Int, _ limit: RateLimit, now: Double) {
        refill(limit, now: now)
        tokens = max(0, tokens - Double(count))
    }

    /// Whole seconds until a token is available (at least 1; at most one
    /// refill interval, `periodSeconds / count`, rounded up, from empty).
    func secondsUntilToken(_ limit: RateLimit) -> Int {
        max(1, Int(((1 - tokens) / limit.refillPerSecond).rounded(.up)))
    }
}
