import BatonTestSupport
import Foundation
import Synchronization
import Testing

@testable import BatonWorker

@Suite("Webhook transport", .timeLimit(.minutes(10)))
struct WebhookTransportTests {
    /// A POST to `receiver` asking it to answer `status` (see `statusReceiver`)
    /// within `timeout`.
    static func request(to receiver: LoopbackReceiver, status: Int, timeout: Duration = .seconds(5)) -> WebhookRequest {
        WebhookRequest(url: receiver.url, headers: [("X-Wanted-Status", String(status))], body: Data("{}".utf8), timeout: timeout)
    }

    /// A receiver answering each request with the status it asks for.
    static func statusReceiver(keepAlive: Bool = false, answerBytes: Int = 0) throws -> LoopbackReceiver {
        try LoopbackReceiver(keepAlive: keepAlive, answerBytes: answerBytes) { request, _ in
            (Int(request.headers["x-wanted-status"] ?? "") ?? 500, 0)
        }
    }

    @Test("one transport carries posts from several threads at once, and each gets its own answer")
    func concurrentPostsShareOneLoop() throws {
        let receiver = try Self.statusReceiver()
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
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
    }

    @Test("a post the receiver leaves unanswered times out, and the next post on the same transport is answered")
    func timeoutThenAnswer() throws {
        let receiver = try LoopbackReceiver { _, previous in (204, previous == 0 ? 3 : 0) }
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        let started = ContinuousClock.now
        #expect(transport.post(Self.request(to: receiver, status: 204, timeout: .milliseconds(300))).outcome == .failed("timeout"))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(transport.post(Self.request(to: receiver, status: 204)).outcome == .status(204))
    }

    @Test("a refused connection is a failure with a fixed phrase, not the receiver's text")
    func refusedConnection() throws {
        let receiver = try Self.statusReceiver()
        receiver.stop()
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        #expect(transport.post(Self.request(to: receiver, status: 200)).outcome == .failed("connection_refused"))
    }

    @Test("a host that does not resolve is host_not_found")
    func unknownHost() {
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        let request = WebhookRequest(url: URL(string: "http://baton-test.invalid/hooks")!, headers: [], body: Data(), timeout: .seconds(5))
        #expect(transport.post(request).outcome == .failed("host_not_found"))
    }

    @Test("a redirect is not followed: the 3xx is the outcome, and the receiver sees one request")
    func redirectNotFollowed() throws {
        let receiver = try Self.statusReceiver()
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        #expect(transport.post(Self.request(to: receiver, status: 302)).outcome == .status(302))
        #expect(transport.post(Self.request(to: receiver, status: 307)).outcome == .status(307))
        #expect(receiver.requests.count == 2)
    }

    @Test("an answer's body is kept up to 4 KiB: a short one whole, a 1 MB one cut, its status still counted")
    func bodyPrefixIsCapped() throws {
        let short = try Self.statusReceiver(keepAlive: true, answerBytes: 100)
        let long = try Self.statusReceiver(keepAlive: true, answerBytes: 1_048_576)
        defer {
            short.stop()
            long.stop()
        }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        let answer = transport.post(Self.request(to: short, status: 200))
        #expect(answer.outcome == .status(200))
        #expect(answer.bodyPrefix == Array(repeating: UInt8(ascii: "x"), count: 100))
        for _ in 0..<3 {
            let cut = transport.post(Self.request(to: long, status: 500))
            #expect(cut.outcome == .status(500))
            #expect(cut.bodyPrefix.count == WebhookResponse.bodyLimit)
        }
    }

    @Test("sequential posts to a keep-alive receiver share one connection; four threads at once need at most four")
    func connectionsAreReused() throws {
        let receiver = try Self.statusReceiver(keepAlive: true)
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        for _ in 0..<50 { #expect(transport.post(Self.request(to: receiver, status: 200)).outcome == .status(200)) }
        #expect(receiver.connections == 1)
        #expect(transport.connectionsOpened == 1)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<25 { _ = transport.post(Self.request(to: receiver, status: 204)) }
        }
        #expect(receiver.requests.count == 150)
        #expect((1...4).contains(receiver.connections))
        #expect(transport.connectionsOpened == receiver.connections)
    }

    @Test("a header value carrying a line break is refused before anything is sent")
    func headerInjectionRefused() throws {
        let receiver = try Self.statusReceiver()
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback)
        var request = Self.request(to: receiver, status: 200)
        request.headers.append(("Baton-Event-Type", "invite.created\r\nX-Injected: 1"))
        #expect(transport.post(request).outcome == .failed("invalid_header"))
        #expect(receiver.requests.isEmpty)
    }

    @Test("shutting down fails the post in flight with a fixed phrase, and later posts fail at once")
    func shutdownFailsInFlight() throws {
        let receiver = try LoopbackReceiver { _, _ in (200, 3) }
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(10), destinations: .allowingLoopback)
        let outcome = Mutex<WebhookResponse.Outcome?>(nil)
        let posted = DispatchSemaphore(value: 0)
        Thread {
            let result = transport.post(Self.request(to: receiver, status: 200, timeout: .seconds(10))).outcome
            outcome.withLock { $0 = result }
            posted.signal()
        }.start()
        #expect(eventually(within: 5) { receiver.requests.count == 1 })
        let started = ContinuousClock.now
        transport.shutdown()
        #expect(posted.wait(timeout: .now() + 2) == .success)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(outcome.withLock { $0 } == .failed("transport_stopped"))
        #expect(transport.post(Self.request(to: receiver, status: 200)).outcome == .failed("transport_stopped"))
    }
}

extension WebhookTransportTests {
    @Test("a TLS receiver is tls unless the transport's CA bundle vouches for it, and answers when it does: verification is on")
    func verificationUsesTheCABundle() throws {
        let certificates = try TestCertificates.shared.get()
        let receiver = try H2Receiver(certificates)
        defer { receiver.stop() }
        let request = WebhookRequest(url: receiver.url, headers: [], body: Data("{}".utf8), timeout: .seconds(5))
        #expect(WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback).post(request).outcome == .failed("tls"))
        let other = WebhookTransport(limit: .seconds(5), caBundle: certificates.otherAuthority.path, destinations: .allowingLoopback)
        #expect(other.post(request).outcome == .failed("tls"))
        let trusted = WebhookTransport(limit: .seconds(5), caBundle: certificates.authority.path, destinations: .allowingLoopback).post(
            request)
        #expect(trusted.outcome == .status(200))
        #expect(trusted.bodyPrefix == Array("{}".utf8))
    }
}
