import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Testing

@Suite("Webhook deliveries in batches", .timeLimit(.minutes(10)))
struct WebhookBatchDeliveryTests {
    @Test("in one claimed batch a hanging endpoint holds back only its own jobs, and every attempt is in the log")
    func hangingEndpointHoldsBackOnlyItself() throws {
        let db = try WorkerDatabase()
        let hanging = try LoopbackReceiver { _, _ in (200, 4) }
        let healthy = try (0..<3).map { _ in try LoopbackReceiver { _, _ in (204, 0) } }
        defer {
            hanging.stop()
            healthy.forEach { $0.stop() }
        }
        let (slow, _) = try db.addWebhookEndpoint(url: hanging.url.absoluteString)
        let fast = try healthy.map { try db.addWebhookEndpoint(url: $0.url.absoluteString).0 }
        for _ in 0..<2 { _ = try WebhookDeliveryTests.recordEvent(db) }
        // Timeouts well past the hang: the hanging endpoint answers, late.
        let handlers = Worker.standardHandlers(
            delivery: WebhookDeliverySettings(timeout: .seconds(20), destinations: .allowingLoopback), secretKey: TestSecrets.secretKey,
            conninfo: db.conninfo)
        let worker = db.worker(handlers: handlers) {
            $0.settings.concurrency = 8
            $0.settings.jobTimeout = .seconds(30)
        }
        worker.start()
        defer { worker.stop() }
        let completedFast = {
            try fast.map { try WebhookEndpointDeliveryTests.jobs(db, for: $0, state: .completed) }.reduce(0, +)
        }
        #expect(try eventually(within: 10) { try completedFast() == 6 })
        #expect(
            try WebhookEndpointDeliveryTests.jobs(db, for: slow, state: .completed) == 0,
            "the healthy endpoints' outcomes did not wait for the hanging one")
        #expect(worker.statistics.claims == 1, "all eight jobs came in one claim")
        #expect(try eventually(within: 20) { try WebhookEndpointDeliveryTests.jobs(db, for: slow, state: .completed) == 2 })
        let log = try db.connection.query(
            "SELECT count(*)::int8 AS attempts, count(*) FILTER (WHERE succeeded)::int8 AS succeeded FROM baton.webhook_deliveries")[0]
        #expect(try log.decode(Int.self, "attempts") == 8)
        #expect(try log.decode(Int.self, "succeeded") == 8)
    }
}
