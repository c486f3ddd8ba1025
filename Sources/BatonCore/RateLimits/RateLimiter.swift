import Locking

/// Token-bucket rate limits, in process, per class and per client key (a
/// client address, or an API key id for key-authenticated requests). Failed
/// typed-code lookups are budgeted cluster-wide by ``GuessBudget`` instead.
///
/// Memory is bounded: at most `maxTrackedKeys` buckets are kept; past that,
/// the oldest bucket is dropped (its client starts again with a full bucket,
/// which is one reason short codes also need ``GuessBudget``). The buckets sit
/// behind one `SleepingLock` around a small value; deciding is pure arithmetic, no
/// I/O happens under the lock.
///
/// Each replica limits on its own: with N replicas behind a balancer a
/// client gets up to N times the limit. Size the limits for that.
public final class RateLimiter: Sendable {
    /// The limits; nil when limiting is off (`BATON_RATE_LIMITS=off`).
    public let policy: RateLimitPolicy?
    /// The most buckets kept at once.
    public let maxTrackedKeys: Int
    private let state: SleepingLock<RateLimiterState>
    private let clock: @Sendable () -> Double

    /// A limiter enforcing `policy` (nil: everything is allowed).
    /// - Parameter clock: seconds on a monotonic clock; injectable for tests.
    public init(
        policy: RateLimitPolicy?, maxTrackedKeys: Int = 100_000, clock: @escaping @Sendable () -> Double = RateLimiter.monotonicSeconds
    ) {
        self.policy = policy
        self.maxTrackedKeys = max(1, maxTrackedKeys)
        self.clock = clock
        self.state = SleepingLock(RateLimiterState())
    }

    /// Takes one token of `limitClass` for `key` (a client address or key id).
    public func admit(_ limitClass: RateLimitClass, key: String) -> RateDecision {
        guard let limit = policy?.limits[limitClass] else { return .allowed }
        let now = clock()
        let cap = maxTrackedKeys
        return state.withLock { $0.take(BucketKey(limitClass: limitClass, key: key), limit: limit, now: now, cap: cap) }
    }

    /// Whether `key`'s bucket of `limitClass` has a token left; takes none,
    /// and makes no bucket for a key that has none yet (it would be full).
    public func peek(_ limitClass: RateLimitClass, key: String) -> RateDecision {
        guard let limit = policy?.limits[limitClass] else { return .allowed }
        let now = clock()
        return state.withLock { $0.peek(BucketKey(limitClass: limitClass, key: key), limit: limit, now: now) }
    }

    /// How many per-client buckets are held now.
    public var trackedKeys: Int { state.withLock { $0.buckets.count } }

    /// Seconds since an arbitrary fixed point, never going back.
    public static func monotonicSeconds() -> Double {
        let now = ContinuousClock.now
        let components = (now - reference).components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    private static let reference = ContinuousClock.now
}

/// A bucket's identity: class and client key.
struct BucketKey: Hashable, Sendable {
    let limitClass: RateLimitClass
    let key: String
}

/// The limiter's state: buckets in insertion order, so the oldest is evicted first.
struct RateLimiterState: Sendable {
    private(set) var buckets: [BucketKey: TokenBucket] = [:]
    private var order: [BucketKey] = []
    private var orderStart = 0

    mutating func take(_ key: BucketKey, limit: RateLimit, now: Double, cap: Int) -> RateDecision {
        if buckets[key] == nil {
            evict(toFit: cap)
            buckets[key] = TokenBucket(capacity: limit.count, now: now)
            order.append(key)
        }
        return buckets[key]!.take(limit, now: now)
    }

    mutating func peek(_ key: BucketKey, limit: RateLimit, now: Double) -> RateDecision {
        guard var bucket = buckets[key] else { return .allowed }
        bucket.refill(limit, now: now)
        buckets[key] = bucket
        return bucket.tokens >= 1 ? .allowed : .limited(retryAfterSeconds: bucket.secondsUntilToken(limit))
    }

    private mutating func evict(toFit cap: Int) {
        while buckets.count >= cap, orderStart < order.count {
            buckets[order[orderStart]] = nil
            orderStart += 1
        }
        if orderStart > 1024, orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }
}
