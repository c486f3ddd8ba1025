import Foundation
import Testing

@testable import BatonWorker

@Suite("Loopback receiver", .timeLimit(.minutes(10)))
struct LoopbackReceiverTests {
    @Test("a receiver stopped as soon as it is made takes none of the requests meant for the next one")
    func stoppedReceiverTakesNothing() throws {
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        for _ in 0..<20 {
            let stopped = try LoopbackReceiver()
            stopped.stop()
            let receiver = try LoopbackReceiver()
            defer { receiver.stop() }
            for _ in 0..<4 {
                let request = WebhookRequest(url: receiver.url, headers: [], body: Data("{}".utf8), timeout: .seconds(5))
                #expect(transport.post(request).outcome == .status(200))
            }
            #expect(stopped.requests.isEmpty)
            #expect(receiver.requests.count == 4)
        }
    }
}
