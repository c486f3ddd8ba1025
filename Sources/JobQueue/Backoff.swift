/// Exponential backoff with jitter between attempts of a failing job.
///
/// After attempt `n` (from 1) the nominal delay is
/// `min(cap, base × 2^(n−1))`, and the actual delay is the nominal one
/// multiplied by a uniform random factor in `[1 − jitter, 1 + jitter)`, so
/// jobs that failed together (an endpoint outage) do not retry in step.
/// With the webhook defaults (base 30 s, cap 6 h, jitter 0.25) the nominal
/// schedule is 30 s, 1 m, 2 m, 4 m, 8 m, 16 m, 32 m, 64 m, 2 h 8 m, 4 h 16 m,
/// then 6 h: about 1 day 8 h over 15 attempts. See docs/queue.md.
public struct Backoff: Sendable, Equatable {
    /// The delay after the first attempt, in seconds.
    public var base: Double
    /// The longest nominal delay, in seconds.
    public var cap: Double
    /// The relative spread of the random factor, 0…1.
    public var jitter: Double

    /// A backoff; values are clamped to sane ranges (base ≥ 0, cap ≥ base, jitter 0…1).
    public init(base: Double, cap: Double, jitter: Double = 0.25) {
        self.base = max(0, base)
        self.cap = max(self.base, cap)
        self.jitter = min(1, max(0, jitter))
    }

    /// Plain jobs: 1 s doubling up to 1 h.
    public static let jobs = Backoff(base: 1, cap: 3600)

    /// The delay before the attempt after `attempt`, without jitter.
    public func nominalDelay(afterAttempt attempt: Int) -> Double {
        let doubling = Double(sign: .plus, exponent: min(max(attempt, 1) - 1, 1024), significand: 1)
        return min(cap, base * doubling)
    }

    /// The delay before the attempt after `attempt`, with jitter drawn from
    /// `unit` (a value in 0..<1; random by default).
    public func delay(afterAttempt attempt: Int, unit: Double = Double.random(in: 0..<1)) -> Double {
        nominalDelay(afterAttempt: attempt) * (1 - jitter + 2 * jitter * unit)
    }
}
