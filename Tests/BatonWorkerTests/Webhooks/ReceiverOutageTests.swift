import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Testing

@Suite("Webhook receiver outage", .timeLimit(.minutes(10)))
struct ReceiverOutageTests {
    @Test("events recorded while the receiver is down are each delivered once it is back")
    func deliveredAfterOutage() throws {
        let db = try WorkerDatabase()
        let down = try LoopbackReceiver()
        let port = down.port
        down.stop()
        try db.configureWebhookEndpoint(url: down.url, secret: WebhookDeliveryTests.secret)
        let events = try Set((0..<20).map { _ in try WebhookDeliveryTests.recordEvent(db) })
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        // Every event has failed at least twice against the closed port.
        #expect(
            try eventually(within: 20) {
                try db.connection.query("SELECT count(*) FROM baton.jobs WHERE jsonb_array_length(errors) >= 2")[0].decode(Int.self, at: 0)
                    == 20
            })
        #expect(try db.count(.completed) == 0)

        let back = try LoopbackReceiver(port: port)
        defer { back.stop() }
        #expect(try eventually(within: 30) { try db.count(.completed) == 20 })
        let delivered = back.requests.compactMap { $0.headers["idempotency-key"] }
        #expect(Set(delivered) == events)
        #expect(delivered.count == 20, "each event once: no effect applied twice")
        #expect(try db.count(.discarded) == 0)
    }
}
