import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Testing

/// Deliveries over TLS to an HTTP/2 receiver (``H2Receiver``) by `baton worker`
/// child processes configured as an operator would, with the receiver's
/// private CA in `BATON_WEBHOOK_CA_BUNDLE` or without it, and through an
/// `https_proxy`. Verification is never turned off.
@Suite("Webhook TLS, HTTP/2 and https_proxy", .timeLimit(.minutes(10)))
struct WebhookTLSTests {
    /// The delivery log of the endpoint managed by configuration, newest first.
    static func attempts(_ db: WorkerDatabase) throws -> [WebhookAttempt] {
        try WebhookDeliveryLog.page(endpointID: WebhookEndpoint.configuredID, filter: nil, after: nil, limit: 100, on: db.connection)
            .attempts
    }

    /// A test database whose endpoint managed by configuration is a new ``H2Receiver``.
    static func receiving() throws -> (TestCertificates, WorkerDatabase, H2Receiver) {
        let certificates = try TestCertificates.shared.get()
        let db = try WorkerDatabase()
        let receiver = try H2Receiver(certificates)
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        return (certificates, db, receiver)
    }

    @Test("with the receiver's CA in BATON_WEBHOOK_CA_BUNDLE a delivery arrives over HTTP/2, verified, intact and logged as succeeded")
    func deliversOverHTTP2() throws {
        let (certificates, db, receiver) = try Self.receiving()
        defer { receiver.stop() }
        let eventID = try WebhookDeliveryTests.recordEvent(db)
        let worker = try WorkerProcess(db, endpoint: receiver.url, settings: ["BATON_WEBHOOK_CA_BUNDLE": certificates.authority.path])
        #expect(try eventually(within: 20) { try db.count(.completed) == 1 }, "\(worker.errorOutput)")
        #expect(worker.stop() == 0)

        #expect(receiver.log.contains("The negotiated protocol: h2"))
        #expect(receiver.received(":method") == ["POST"])
        #expect(receiver.received(":path") == ["/hooks/baton"])
        #expect(receiver.received("idempotency-key") == [eventID])
        let attempt = try #require(try Self.attempts(db).first)
        #expect(attempt.status == .succeeded && attempt.httpStatus == 200 && attempt.error == nil)
        // nghttpd answers with the body it received, so the log's start of the answer is what arrived.
        let header = try #require(receiver.received("baton-signature").first)
        #expect(attempt.responsePrefix.count > 2 && attempt.responsePrefix.count < WebhookDeliveryLog.bodyLimit)
        #expect(
            WebhookSignature.verify(
                header: header, body: attempt.responsePrefix, secret: WebhookDeliveryTests.secret, now: Int(Date().timeIntervalSince1970)))
    }

    @Test("the same receiver, its CA trusted neither by the system bundle nor by another CA's bundle, fails with tls in the log")
    func untrustedCertificateFails() throws {
        let (certificates, db, receiver) = try Self.receiving()
        defer { receiver.stop() }
        // The first retry comes after 30 s: each worker makes one attempt, on an event of its own.
        for (index, settings) in [[:], ["BATON_WEBHOOK_CA_BUNDLE": certificates.otherAuthority.path]].enumerated() {
            _ = try WebhookDeliveryTests.recordEvent(db)
            let worker = try WorkerProcess(db, endpoint: receiver.url, settings: settings)
            #expect(
                try eventually(within: 20) { try Self.attempts(db).count(where: { $0.status == .failed }) == index + 1 },
                "\(worker.errorOutput)")
            #expect(worker.stop() == 0)
        }
        let attempts = try Self.attempts(db)
        #expect(attempts.count == 2)
        #expect(attempts.allSatisfy { $0.error == "tls" && $0.httpStatus == nil })
        #expect(try db.count(.completed) == 0)
        #expect(receiver.received(":method").isEmpty)
        #expect(receiver.log.contains("SSL/TLS handshake completed") == false)
    }

    @Test("with https_proxy an https delivery asks the proxy for a tunnel; with the receiver in NO_PROXY it goes direct over HTTP/2")
    func httpsProxyIsHonoured() throws {
        let (certificates, db, receiver) = try Self.receiving()
        let proxy = try LoopbackReceiver { _, _ in (403, 0) }
        defer {
            receiver.stop()
            proxy.stop()
        }
        let proxied = ["https_proxy": "http://127.0.0.1:\(proxy.port)", "BATON_WEBHOOK_CA_BUNDLE": certificates.authority.path]
        _ = try WebhookDeliveryTests.recordEvent(db)
        let first = try WorkerProcess(db, endpoint: receiver.url, settings: proxied)
        #expect(try eventually(within: 20) { try Self.attempts(db).first?.status == .failed }, "\(first.errorOutput)")
        #expect(first.stop() == 0)
        #expect(proxy.requests.map { $0.headers["host"] } == ["127.0.0.1:\(receiver.port)"])
        #expect(receiver.received(":method").isEmpty)

        // The first event's retry is 30 s away: the direct delivery is a second event's.
        let direct = try WebhookDeliveryTests.recordEvent(db)
        let second = try WorkerProcess(db, endpoint: receiver.url, settings: proxied.merging(["NO_PROXY": "127.0.0.1"]) { $1 })
        #expect(try eventually(within: 20) { try db.count(.completed) == 1 }, "\(second.errorOutput)")
        #expect(second.stop() == 0)
        #expect(receiver.received("idempotency-key") == [direct])
        #expect(proxy.requests.count == 1)
    }
}
