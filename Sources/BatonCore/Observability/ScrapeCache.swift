import Synchronization

/// A value read from the database at scrape time and kept for `maxAge`, so
/// that frequent or concurrent scrapes, from every replica, cannot hammer
/// the database. The read runs outside the lock; two scrapes racing past a
/// stale value both read, which is rare and harmless.
public final class ScrapeCache<Value: Sendable>: Sendable {
    private let maxAge: Duration
    private let cached = Mutex<(takenAt: ContinuousClock.Instant, value: Value)?>(nil)

    /// An empty cache keeping values for `maxAge`.
    public init(maxAge: Duration) {
        self.maxAge = maxAge
    }

    /// The cached value when fresh enough, else `read()`'s, kept.
    /// - Throws: what `read` throws; the stale value is kept then.
    public func value(_ read: () throws -> Value) rethrows -> Value {
        let fresh = cached.withLock { cached in cached.flatMap { ContinuousClock.now - $0.takenAt < maxAge ? $0.value : nil } }
        if let fresh { return fresh }
        let value = try read()
        cached.withLock { $0 = (.now, value) }
        return value
    }
}
