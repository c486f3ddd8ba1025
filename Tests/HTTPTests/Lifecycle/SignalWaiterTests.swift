import Foundation
import HTTP
import Testing

@Suite("Signal waiter", .timeLimit(.minutes(10)))
struct SignalWaiterTests {
    @Test("a watched signal wakes the waiter with its number instead of killing the process")
    func wakesOnSignal() throws {
        let waiter = SignalWaiter(signals: [SIGUSR2])
        let waited = Background { waiter.wait() }
        // For the waiter to block and the Dispatch source to register,
        // neither of which is observable: a guess, kept small.
        Thread.sleep(forTimeInterval: 0.05)
        kill(getpid(), SIGUSR2)
        #expect(try waited.value(timeout: .seconds(5)) == SIGUSR2)
        #expect(waiter.wait() == SIGUSR2)
    }
}
