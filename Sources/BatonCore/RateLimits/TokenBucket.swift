/// A token bucket: starts full at `capacity`, refills `refillPerSecond`, and
/// each admitted event takes one token. Times are seconds on a monotonic clock.
struct TokenBucket: Sendable {
    private(set) var tokens: Double
    private var updatedAt: Double

    init(capacity: Int, now: Double) {
        tokens = Double(capacity)
        updatedAt = now
    }

    /// Adds the tokens earned since the last update, up to the limit's capacity.
    mutating func refill(_ limit: RateLimit, now: Double) {
        let elapsed = max(0, now - updatedAt)
        tokens = min(Double(limit.count), tokens + elapsed * limit.refillPerSecond)
        updatedAt = now
    }

    /// Takes a token if one is there; otherwise says how many whole seconds
    /// until one will be (at least 1), and takes nothing.
    mutating func take(_ limit: RateLimit, now: Double) -> RateDecision {
        refill(limit, now: now)
        guard tokens >= 1 else { return .limited(retryAfterSeconds: secondsUntilToken(limit)) }
        tokens -= 1
        return .allowed
    }

    /// Whole seconds until a token is available (at least 1).
    func secondsUntilToken(_ limit: RateLimit) -> Int {
        max(1, Int(((1 - tokens) / limit.refillPerSecond).rounded(.up)))
    }
}
