import JobQueue
import Testing

@Suite("Backoff", .timeLimit(.minutes(10)))
struct BackoffTests {
    static let webhook = Backoff(base: 30, cap: 6 * 3600)

    @Test(
        "the nominal webhook schedule doubles from 30 s and stops at 6 h",
        arguments: [
            (1, 30.0), (2, 60), (3, 120), (4, 240), (5, 480), (8, 3840), (10, 15_360), (11, 21_600), (15, 21_600), (5000, 21_600),
        ])
    func nominalSchedule(attempt: Int, seconds: Double) {
        #expect(Self.webhook.nominalDelay(afterAttempt: attempt) == seconds)
    }

    @Test("jitter stays within ±25 % of the nominal delay", arguments: [0.0, 0.5, 0.999])
    func jitterBounds(unit: Double) {
        let delay = Self.webhook.delay(afterAttempt: 3, unit: unit)
        #expect(delay >= 90 && delay < 150)
        #expect(Backoff(base: 30, cap: 60, jitter: 0).delay(afterAttempt: 3, unit: unit) == 60)
    }

    @Test("random delays spread instead of landing in step")
    func jitterSpreads() {
        let delays = Set((0..<50).map { _ in Self.webhook.delay(afterAttempt: 4) })
        #expect(delays.count > 40)
    }
}
