import BatonTestSupport
import Synchronization
import Testing

@testable import BatonWorker

@Suite("WebhookAttemptCounter")
struct WebhookAttemptCounterTests {
    @Test(
        "8 threads counting 1,000 attempts each reach a threshold of 5,000 exactly once, and no threshold never notifies",
        arguments: [Int?.some(5_000), nil])
    func reachedOnce(threshold: Int?) {
        let notified = Atomic<Int>(0)
        let counter = WebhookAttemptCounter(threshold: threshold) { notified.add(1, ordering: .relaxed) }
        let threads = (0..<8).map { _ in onThread { for _ in 0..<1_000 { counter.record() } } }
        threads.forEach { $0.wait() }
        #expect(counter.count == 8_000)
        #expect(notified.load(ordering: .relaxed) == (threshold == nil ? 0 : 1))
    }
}
