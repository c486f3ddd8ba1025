/// How long a ``BackgroundService`` waits before it reconnects after a
/// failure: `first` doubling per failure in a row, capped at `cap`, times a
/// uniform random factor in `[1 − jitter, 1 + jitter)`, so that services that
/// lost the database together do not come back in step.
public struct ServiceBackoff: Sendable, Equatable {
    /// The delay after the first failure.
    public var first: Duration
    /// The longest delay before jitter.
    public var cap: Duration
    /// The relative spread of the random factor, 0…1.
    public var jitter: Double

    /// A backoff; `cap` is raised to `first` and `jitter` clamped to 0…1.
    public init(first: Duration, cap: Duration, jitter: Double = 0.25) {
        self.first = max(.zero, first)
        self.cap = max(self.first, cap)
        self.jitter = min(1, max(0, jitter))
    }

    /// 100 ms doubling to 5 s, ±25 %: the policy of every Baton service (docs/background-services.md).
    public static let standard = ServiceBackoff(first: .milliseconds(100), cap: .seconds(5))

    /// The wait after `failures` failures in a row (from 1), with the jitter
    /// drawn from `unit` (a value in 0..<1; random by default).
    public func delay(afterFailures failures: Int, unit: Double = Double.random(in: 0..<1)) -> Duration {
        let doublings = min(max(failures, 1) - 1, 30)
        return min(first * (1 << doublings), cap) * (1 - jitter + 2 * jitter * unit)
    }
}
