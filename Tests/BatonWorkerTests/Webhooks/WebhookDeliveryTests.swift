import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Testing

@Suite("Webhook delivery", .timeLimit(.minutes(10)))
struct WebhookDeliveryTests {
    static let secret = Array("test-webhook-secret-0123456789abcdef".utf8)

    /// Records one `invite.redeemed` event for a fresh invite; returns the event id.
    static func recordEvent(_ db: WorkerDatabase, maxAttempts: Int = 15) throws -> String {
        let invite: UUID = try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-1', 'F', sha256(gen_random_uuid()::text::bytea), sha256(gen_random_uuid()::text::bytea), now() + interval '1 day')
            RETURNING id
            """)[0].decode(at: 0)
        let id = try OutboxEvents.record(
            .inviteRedeemed, inviteID: invite, familyID: "family-1",
            data: PostgresJSON(#"{"redeemer_id": "u_1"}"#), maxAttempts: maxAttempts, on: db.connection)
        return id.uuidString.lowercased()
    }

    /// A worker delivering to `receiver`, written as the endpoint managed by
    /// configuration before any event is recorded (events fan out to the endpoints that exist).
    static func worker(_ db: WorkerDatabase, receiver: LoopbackReceiver) throws -> Worker {
        try db.configureWebhookEndpoint(url: receiver.url, secret: secret)
        return db.worker(handlers: db.webhookHandlers())
    }

    @Test("a delivery is signed, carries the event id as Idempotency-Key, and is retried after a 500")
    func signedDeliveryWithRetry() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, previous in (previous == 0 ? 500 : 204, 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: Self.secret)
        let eventID = try Self.recordEvent(db)
        let worker = try Self.worker(db, receiver: receiver)
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 1 })
        let requests = receiver.requests
        #expect(requests.count == 2)
        for request in requests {
            let signature = try #require(request.headers["baton-signature"])
            #expect(
                WebhookSignature.verify(header: signature, body: request.body, secret: Self.secret, now: Int(Date().timeIntervalSince1970)))
            #expect(
                !WebhookSignature.verify(
                    header: signature, body: request.body + Data(" ".utf8), secret: Self.secret, now: Int(Date().timeIntervalSince1970)))
            #expect(request.headers["idempotency-key"] == eventID)
            #expect(request.headers["content-type"] == "application/json")
            let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(body["id"] as? String == eventID)
            #expect(body["type"] as? String == "invite.redeemed")
            #expect((body["data"] as? [String: Any])?["redeemer_id"] as? String == "u_1")
        }
        let error: String = try db.connection.query("SELECT errors -> 0 ->> 'error' FROM baton.jobs")[0].decode(at: 0)
        #expect(error == "endpoint answered HTTP 500")
    }

    @Test("the body built from the job's event id is the documented body, the same bytes a job carrying the body sends")
    func bodyFromEventID() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: Self.secret)
        let eventID = try Self.recordEvent(db)
        // A job as enqueued before migration 0007: the body itself in its args.
        try db.connection.query(
            """
            INSERT INTO baton.jobs (kind, args)
            SELECT 'webhook.deliver', jsonb_build_object('event', baton.webhook_body(event_id, type, occurred_at, data))
            FROM baton.events
            """)
        let stored: PostgresJSON = try db.connection.query(
            "SELECT baton.webhook_body(event_id, type, occurred_at, data) FROM baton.events")[0].decode(at: 0)
        let expected = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: stored.data), options: [.sortedKeys, .withoutEscapingSlashes])
        let worker = try Self.worker(db, receiver: receiver)
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 2 })
        let requests = receiver.requests
        #expect(requests.map(\.body) == [expected, expected])
        let body = try #require(try JSONSerialization.jsonObject(with: expected) as? [String: Any])
        #expect(body.keys.sorted() == ["created_at", "data", "id", "type"])
        #expect(body["id"] as? String == eventID)
        for request in requests {
            #expect(request.headers["idempotency-key"] == eventID)
            #expect(request.headers["baton-event-type"] == "invite.redeemed")
            let signature = try #require(request.headers["baton-signature"])
            #expect(WebhookSignature.verify(header: signature, body: expected, secret: Self.secret, now: Int(Date().timeIntervalSince1970)))
        }
    }

    @Test("a job whose event no longer exists is discarded with that reason")
    func missingEventDiscards() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        let missing = UUID().uuidString.lowercased()
        try db.connection.query(
            "INSERT INTO baton.jobs (kind, args) VALUES ('webhook.deliver', jsonb_build_object('event_id', $1::text))", [missing])
        let worker = try Self.worker(db, receiver: receiver)
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.discarded) == 1 })
        let error: String = try db.connection.query("SELECT errors -> 0 ->> 'error' FROM baton.jobs")[0].decode(at: 0)
        #expect(error == "event \(missing) no longer exists")
        #expect(receiver.requests.isEmpty)
    }

    @Test("a delivery that never succeeds is discarded after the max attempts")
    func discardedAfterMaxAttempts() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (503, 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: Self.secret)
        _ = try Self.recordEvent(db, maxAttempts: 3)
        let worker = try Self.worker(db, receiver: receiver)
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.discarded) == 1 })
        #expect(receiver.requests.count == 3)
    }

    @Test("an unreachable endpoint counts as a failure and retries")
    func unreachableEndpointRetries() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        receiver.stop()
        try db.configureWebhookEndpoint(url: receiver.url, secret: Self.secret)
        _ = try Self.recordEvent(db, maxAttempts: 2)
        let worker = try Self.worker(db, receiver: receiver)
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.discarded) == 1 })
        let error: String = try db.connection.query("SELECT errors -> 0 ->> 'error' FROM baton.jobs")[0].decode(at: 0)
        #expect(error.hasPrefix("delivery failed"))
    }

    @Test("a worker without any webhook setting delivers to an endpoint made through the store, signed with that endpoint's secret")
    func workerWithoutSettingsDeliversEveryEndpoint() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (204, 0) }
        defer { receiver.stop() }
        let (_, secret) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        let events = try Set((0..<20).map { _ in try Self.recordEvent(db) })
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 20 })
        #expect(try db.count(.discarded) == 0)
        let requests = receiver.requests
        #expect(Set(requests.compactMap { $0.headers["idempotency-key"] }) == events)
        let now = Int(Date().timeIntervalSince1970)
        #expect(
            requests.allSatisfy {
                WebhookSignature.verify(header: $0.headers["baton-signature"] ?? "", body: $0.body, secret: secret.key, now: now)
            })
    }
}
