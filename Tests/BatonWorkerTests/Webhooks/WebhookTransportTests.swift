import Foundation
import Synchronization
import Testing

@testable import BatonWorker

@Suite("Webhook transport")
struct WebhookTransportTests {
    /// A POST to `receiver` asking it to answer `status` (see `statusReceiver`)
    /// within `timeout`.
    static func request(to receiver: LoopbackReceiver, status: Int, timeout: Duration = .seconds(5)) -> WebhookRequest {
        WebhookRequest(url: receiver.url, headers: [("X-Wanted-Status", String(status))], body: Data("{}".utf8), timeout: timeout)
    }

    /// A receiver answering each request with the status it asks for.
    static func statusReceiver() throws -> LoopbackReceiver {
        try LoopbackReceiver { request, _ in (Int(request.headers["x-wanted-status"] ?? "") ?? 500, 0) }
    }

    @Test("one transport carries posts from several threads at once, each gets its own answer, and none stays tracked")
    func concurrentPostsShareOneSession() throws {
        let receiver = try Self.statusReceiver()
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5))
        let statuses = [200, 201, 204, 404, 500, 503]
        let mismatches = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<30 {
                let wanted = statuses[(thread + round) % statuses.count]
                let result = transport.post(Self.request(to: receiver, status: wanted)).outcome
                if result != .status(wanted) { mismatches.withLock { $0.append("\(wanted): \(result)") } }
            }
        }
        #expect(mismatches.withLock { $0 } == [])
        #expect(receiver.requests.count == 120)
        #expect(transport.exchanges.count == 0)
    }

    @Test("a post the receiver leaves unanswered times out, is forgotten, and the next post on the same transport is answered")
    func timeoutThenAnswer() throws {
        let receiver = try LoopbackReceiver { _, previous in (204, previous == 0 ? 3 : 0) }
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5))
        let started = ContinuousClock.now
        #expect(transport.post(Self.request(to: receiver, status: 204, timeout: .milliseconds(300))).outcome == .failed("timed out"))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(transport.exchanges.count == 0)
        #expect(transport.post(Self.request(to: receiver, status: 204)).outcome == .status(204))
        #expect(transport.exchanges.count == 0)
    }

    @Test("a refused connection is a failure with a fixed phrase, not the receiver's text")
    func refusedConnection() throws {
        let receiver = try Self.statusReceiver()
        receiver.stop()
        let transport = WebhookTransport(limit: .seconds(5))
        #expect(transport.post(Self.request(to: receiver, status: 200)).outcome == .failed("connection refused"))
        #expect(transport.exchanges.count == 0)
    }
}
