import Dispatch
import Testing

@testable import BatonWorker

@Suite("WebhookTransferGroup", .timeLimit(.minutes(10)))
struct WebhookTransferGroupTests {
    @Test("transfers that finish before the posting thread looks come back together, in order, from one wake-up")
    func bunchesFinishedTransfers() {
        let group = WebhookTransferGroup()
        for index in [2, 0, 1] { group.add(index) }
        #expect(group.next(until: .now() + .seconds(1)) == [2, 0, 1])
        #expect(group.next(until: .now() + .milliseconds(50)).isEmpty, "one bunch, one wake-up: nothing is left to wake for")
    }

    @Test("a transfer finishing after a take wakes the next wait, from another thread too")
    func noWakeUpIsLost() {
        let group = WebhookTransferGroup()
        group.add(0)
        #expect(group.next(until: .now() + .seconds(1)) == [0])
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { group.add(1) }
        #expect(group.next(until: .now() + .seconds(5)) == [1])
    }
}
