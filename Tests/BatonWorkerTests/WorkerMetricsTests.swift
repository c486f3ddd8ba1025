import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Testing

@Suite("Worker metrics", .timeLimit(.minutes(10)))
struct WorkerMetricsTests {
    @Test("a webhook answered 500 then 204 counts one failed and one completed attempt, and both delivery results")
    func jobAndDeliveryOutcomes() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, previous in (previous == 0 ? 500 : 204, 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        _ = try WebhookDeliveryTests.recordEvent(db)
        let metrics = BatonMetrics()
        let worker = db.worker(handlers: db.webhookHandlers(metrics: metrics)) {
            $0.metrics = metrics
        }
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 1 })
        let kind = OutboxEvents.webhookKind
        #expect(metrics.webhookDeliveries.labels("http_error").count == 1)
        #expect(metrics.webhookDeliveries.labels("delivered").count == 1)
        #expect(metrics.jobsFinished.labels(kind, "failed").count == 1)
        #expect(eventually(within: 2) { metrics.jobsFinished.labels(kind, "completed").count == 1 })
        #expect(metrics.jobDuration.labels(kind).cumulativeCounts.last == 2)
        #expect(metrics.exposition().contains(#"baton_job_duration_seconds_count{kind="webhook.deliver"} 2"#))
    }
}
