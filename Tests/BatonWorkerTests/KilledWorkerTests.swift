import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("Killed worker", .timeLimit(.minutes(10)))
struct KilledWorkerTests {
    @Test("a worker killed with SIGKILL mid-batch loses no job, and a receiver deduping by event id applies each effect once")
    func sigkillMidBatch() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (200, 0.1) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        let events = try Set((0..<60).map { _ in try WebhookDeliveryTests.recordEvent(db) })

        let child = try WorkerProcess(
            db, receiver: receiver, arguments: ["--concurrency", "4", "--id", "doomed-worker"], settings: ["BATON_JOB_LEASE_SECONDS": "1"])
        #expect(eventually(within: 20) { receiver.requests.count >= 10 })
        #expect(child.stop(SIGKILL) == -1)
        // A COMMIT the worker sent before it died still completes on the server:
        // count only once its sessions are gone, or a job may finish after the count.
        #expect(
            try eventually(within: 10) {
                try db.connection.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )[0].decode(Int.self, at: 0) == 0
            })
        let running = try db.count(.running)
        #expect(running > 0, "the kill should catch jobs mid-flight")
        #expect(try db.count(.completed) < 60)

        // The killed worker may have held the leader lease; lapse it now (the
        // leader tests cover expiry) so the survivor rescues without waiting 30 s.
        try db.connection.query("UPDATE baton.leaders SET expires_at = now()")
        let survivor = db.worker(handlers: db.webhookHandlers())
        survivor.start()
        defer { survivor.stop() }
        #expect(try eventually(within: 30) { try db.count(.completed) == 60 })

        let delivered = receiver.requests.compactMap { $0.headers["idempotency-key"] }
        #expect(Set(delivered) == events)
        #expect(delivered.count >= 60)
        let rescued: Int = try db.connection.query(
            "SELECT count(*) FROM baton.jobs WHERE errors::text LIKE '%lease expired%'")[0].decode(at: 0)
        #expect(rescued == running)
    }
}
