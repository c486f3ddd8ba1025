import Synchronization
import Testing

@testable import BatonCore

@Suite("RateLimiter", .timeLimit(.minutes(10)))
struct RateLimiterTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let seconds = Mutex(0.0)
        func advance(_ by: Double) { seconds.withLock { $0 += by } }
        var now: Double { seconds.withLock { $0 } }
    }

    static let policy = RateLimitPolicy(limits: [
        .code: RateLimit(count: 10, periodSeconds: 60)!
    ])

    @Test("a full bucket admits its burst, then says when the next token comes")
    func burstThenRetryAfter() {
        let clock = ManualClock()
        let limiter = RateLimiter(policy: Self.policy, clock: { clock.now })
        for _ in 0..<10 { #expect(limiter.admit(.code, key: "a") == .allowed) }
        #expect(limiter.admit(.code, key: "a") == .limited(retryAfterSeconds: 6))
        #expect(limiter.admit(.code, key: "b") == .allowed)
        clock.advance(6)
        #expect(limiter.admit(.code, key: "a") == .allowed)
        #expect(limiter.admit(.code, key: "a") == .limited(retryAfterSeconds: 6))
    }

    @Test("classes without a limit, and a limiter that is off, admit everything")
    func unlimited() {
        #expect((0..<1000).allSatisfy { _ in RateLimiter(policy: Self.policy).admit(.token, key: "a") == .allowed })
        let off = RateLimiter(policy: nil)
        #expect((0..<1000).allSatisfy { _ in off.admit(.code, key: "a") == .allowed })
    }

    @Test("tracked keys are capped and the oldest bucket is dropped first")
    func boundedMemory() {
        let limiter = RateLimiter(policy: Self.policy, maxTrackedKeys: 100, clock: { 0 })
        for _ in 0..<10 { _ = limiter.admit(.code, key: "first") }
        #expect(limiter.admit(.code, key: "first") != .allowed)
        for index in 0..<10_000 { _ = limiter.admit(.code, key: "k\(index)") }
        #expect(limiter.trackedKeys <= 100)
        #expect(limiter.admit(.code, key: "first") == .allowed)
    }

    @Test(
        "BATON_RATE_LIMITS parses off, overrides and refuses junk",
        arguments: [
            ("off", true, nil), ("code=5/min", true, 5), ("code=5/min, token=9/s", true, 5), ("", true, 10),
            ("code=5", false, nil), ("code=0/min", false, nil), ("bogus=1/min", false, nil), ("code=1/week", false, nil),
        ] as [(String, Bool, Int?)])
    func parsing(text: String, valid: Bool, codeCount: Int?) {
        let parsed = RateLimitPolicy.parse(text)
        #expect((parsed != nil) == valid)
        if valid { #expect(parsed??.limits[.code]?.count == codeCount) }
    }

    @Test("the defaults print as the setting's default and parse back")
    func defaultsRoundTrip() {
        #expect(RateLimitPolicy.parse(RateLimitPolicy.defaults.description) == .some(RateLimitPolicy.defaults))
    }
}
