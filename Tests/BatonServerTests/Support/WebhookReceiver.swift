import BatonWorker
import Foundation
import HTTP
import Synchronization

/// A product backend's webhook endpoint on loopback, served by the project's
/// own HTTP server: it records every delivery and whether its
/// `Baton-Signature` verifies under the shared secret, as a receiver must,
/// and answers 204, or (`echoes`) 200 with the request's body, as some
/// receivers do (so the delivery log keeps the body's first bytes).
final class WebhookReceiver: Sendable {
    /// One request as received.
    struct Delivery: Sendable {
        let eventType: String?
        let body: Data
        let signatureIsValid: Bool
        /// The `traceparent` header sent, if any.
        var traceparent: String?

        /// The body as a JSON object; empty when it is not one.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// The deliveries, shared with the handler on the server's threads.
    private final class Log: Sendable {
        let deliveries = Mutex<[Delivery]>([])
        /// Whether answers wait for ``WebhookReceiver/releaseAnswers()``.
        let held = Mutex(false)
    }

    private let server: Server
    private let log = Log()

    /// Where Baton should send webhooks (`BATON_WEBHOOK_URL`).
    var url: String { "http://127.0.0.1:\(server.port)/hooks/baton" }

    /// What arrived so far, oldest first.
    var deliveries: [Delivery] { log.deliveries.withLock { $0 } }

    /// Listens on a free loopback port, verifying with `secret`. With
    /// `holdingAnswers`, each request is recorded at once but answered only
    /// after ``releaseAnswers()``, so a test can act while deliveries are in flight.
    init(secret: [UInt8], echoes: Bool = false, holdingAnswers: Bool = false) throws {
        let log = log
        log.held.withLock { $0 = holdingAnswers }
        var router = Router()
        router.post("/hooks/baton") { request in
            let signature = request.headers["Baton-Signature"] ?? ""
            let valid = WebhookSignature.verify(
                header: signature, body: request.body, secret: secret, now: Int(Date().timeIntervalSince1970))
            let delivery = Delivery(
                eventType: request.headers["Baton-Event-Type"], body: request.body, signatureIsValid: valid,
                traceparent: request.headers["traceparent"])
            log.deliveries.withLock { $0.append(delivery) }
            while log.held.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.01) }
            return echoes ? Response(status: 200, body: request.body) : Response(status: 204)
        }
        server = try Server(router: router, configuration: ServerConfiguration(port: 0, threadPoolSize: 2, logSink: DiscardingLogSink()))
    }

    deinit {
        releaseAnswers()
        _ = server.shutdown(grace: .seconds(1))
    }

    /// Answers the held requests and every later one at once.
    func releaseAnswers() {
        log.held.withLock { $0 = false }
    }

    /// The deliveries once at least `count` arrived, or what arrived by `timeout`.
    func waitForDeliveries(_ count: Int, timeout: Duration = .seconds(20)) async throws -> [Delivery] {
        let deadline = ContinuousClock.now + timeout
        while deliveries.count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return deliveries
    }
}
