import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("Webhook endpoints: fan-out, filters, rotation, disabling and redelivery", .timeLimit(.minutes(10)))
struct WebhookEndpointDeliveryTests {
    static var now: Int { Int(Date().timeIntervalSince1970) }

    /// How many of the jobs for `endpoint` are in `state`.
    static func jobs(_ db: WorkerDatabase, for endpoint: WebhookEndpoint, state: JobState? = nil) throws -> Int {
        try db.connection.query(
            "SELECT count(*) FROM baton.jobs WHERE args ->> 'endpoint_id' = $1 AND ($2::text IS NULL OR state = $2)",
            [endpoint.id.uuidString.lowercased(), state?.rawValue])[0].decode(at: 0)
    }

    @Test("of two endpoints, one answering 500, the other receives every event at its first attempt")
    func failingEndpointDelaysNoOther() throws {
        let db = try WorkerDatabase()
        let failing = try LoopbackReceiver { _, _ in (500, 0) }
        let healthy = try LoopbackReceiver { _, _ in (204, 0) }
        defer {
            failing.stop()
            healthy.stop()
        }
        let (bad, _) = try db.addWebhookEndpoint(url: failing.url.absoluteString)
        let (good, _) = try db.addWebhookEndpoint(url: healthy.url.absoluteString)
        let events = try Set((0..<20).map { _ in try WebhookDeliveryTests.recordEvent(db) })
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try Self.jobs(db, for: good, state: .completed) == 20 })
        #expect(Set(healthy.requests.compactMap { $0.headers["idempotency-key"] }) == events)
        let firstAttempts: Int = try db.connection.query(
            "SELECT count(*) FROM baton.jobs WHERE args ->> 'endpoint_id' = $1 AND state = 'completed' AND attempt = 1",
            [good.id.uuidString.lowercased()])[0].decode(at: 0)
        #expect(firstAttempts == 20)
        #expect(try Self.jobs(db, for: bad, state: .completed) == 0)
        #expect(failing.requests.count >= 20)
    }

    @Test("an endpoint filtering on invite.revoked gets only those events, one listening to * gets all")
    func filterHolds() throws {
        let db = try WorkerDatabase()
        let narrowReceiver = try LoopbackReceiver()
        let wideReceiver = try LoopbackReceiver()
        defer {
            narrowReceiver.stop()
            wideReceiver.stop()
        }
        let (narrow, _) = try db.addWebhookEndpoint(url: narrowReceiver.url.absoluteString, events: ["invite.revoked"])
        try db.addWebhookEndpoint(url: wideReceiver.url.absoluteString)
        _ = try WebhookDeliveryTests.recordEvent(db)
        let invite: UUID = try db.connection.query("SELECT id FROM baton.invites")[0].decode(at: 0)
        let revoked = try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: "family-1", on: db.connection)
        #expect(try Self.jobs(db, for: narrow) == 1)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 3 })
        #expect(narrowReceiver.requests.map { $0.headers["baton-event-type"] } == ["invite.revoked"])
        #expect(narrowReceiver.requests.first?.headers["idempotency-key"] == revoked.uuidString.lowercased())
        #expect(Set(wideReceiver.requests.compactMap { $0.headers["baton-event-type"] }) == ["invite.redeemed", "invite.revoked"])
    }

    @Test("during a rotation both secrets verify every delivery, and once the overlap ends only the new one does")
    func rotationOverlap() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        defer { receiver.stop() }
        let store = WebhookEndpointStore(secret: TestSecrets.secretKey)
        let (endpoint, old) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }

        let (rotated, new) = try store.rotateSecret(id: endpoint.id, previousExpiresIn: 2, on: db.connection)
        #expect(new != old && rotated.previousSecretExpiresAt != nil)
        _ = try WebhookDeliveryTests.recordEvent(db)
        #expect(eventually(within: 10) { receiver.requests.count == 1 })
        let during = receiver.requests[0]
        let header = try #require(during.headers["baton-signature"])
        #expect(header.components(separatedBy: ",v1=").count == 3)
        #expect(WebhookSignature.verify(header: header, body: during.body, secret: new.key, now: Self.now))
        #expect(WebhookSignature.verify(header: header, body: during.body, secret: old.key, now: Self.now))

        let lapsed = try eventually(within: 5) {
            try db.connection.query("SELECT count(*) FROM baton.webhook_endpoints WHERE previous_expires_at <= now()")[0]
                .decode(Int.self, at: 0) == 1
        }
        try #require(lapsed, "the database's clock never passed the old secret's expiry")
        #expect(try store.endpoint(id: endpoint.id, on: db.connection).previousSecretExpiresAt == nil)
        _ = try WebhookDeliveryTests.recordEvent(db)
        #expect(eventually(within: 10) { receiver.requests.count == 2 })
        let after = receiver.requests[1]
        let single = try #require(after.headers["baton-signature"])
        #expect(single.components(separatedBy: ",v1=").count == 2)
        #expect(WebhookSignature.verify(header: single, body: after.body, secret: new.key, now: Self.now))
        #expect(!WebhookSignature.verify(header: single, body: after.body, secret: old.key, now: Self.now))
    }

    @Test("a disabled endpoint gets no job, and jobs queued before it was disabled are discarded unsent")
    func disabledEndpointReceivesNothing() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        defer { receiver.stop() }
        let store = WebhookEndpointStore(secret: TestSecrets.secretKey)
        let (off, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString, disabled: true)
        let (later, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        for _ in 0..<3 { _ = try WebhookDeliveryTests.recordEvent(db) }
        #expect(try Self.jobs(db, for: off) == 0)
        #expect(try Self.jobs(db, for: later) == 3)
        let disabled = try store.update(id: later.id, try WebhookEndpointChange(disabled: true), on: db.connection)
        #expect(disabled.disabledReason == WebhookEndpoint.disabledByRequestReason)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.discarded) == 3 })
        #expect(receiver.requests.isEmpty)
        let errors: [String] = try db.connection.query("SELECT errors -> 0 ->> 'error' FROM baton.jobs").map { try $0.decode(at: 0) }
        #expect(errors == Array(repeating: "the webhook endpoint is disabled", count: 3))
        #expect(try db.connection.query("SELECT count(*) FROM baton.webhook_deliveries")[0].decode(Int.self, at: 0) == 0)
    }

    @Test("a redelivery sends the same event id and the same body bytes under a new signature timestamp")
    func redeliverSameEvent() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        defer { receiver.stop() }
        let (endpoint, secret) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        let eventID = try WebhookDeliveryTests.recordEvent(db)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(eventually(within: 10) { receiver.requests.count == 1 })
        // Signature timestamps are whole seconds: wait for the next one.
        let signedAt = Self.now
        #expect(eventually(within: 2) { Self.now > signedAt })
        let queued = try OutboxEvents.redeliver(eventID: UUID(uuidString: eventID)!, endpointID: endpoint.id, on: db.connection)
        #expect(queued == 1)
        try JobQueue.wake(on: db.connection)
        #expect(eventually(within: 10) { receiver.requests.count == 2 })
        let (first, second) = (receiver.requests[0], receiver.requests[1])
        #expect(first.headers["idempotency-key"] == eventID && second.headers["idempotency-key"] == eventID)
        #expect(first.body == second.body)
        let stamps = [first, second].map { $0.headers["baton-signature"]?.split(separator: ",").first }
        #expect(stamps[0] != stamps[1])
        #expect(
            WebhookSignature.verify(header: second.headers["baton-signature"] ?? "", body: second.body, secret: secret.key, now: Self.now))
        #expect(try OutboxEvents.redeliver(eventID: UUID(), endpointID: nil, on: db.connection) == nil)
    }

    @Test("an endpoint failing past the window on an injected clock is disabled once, with its reason, a log event and a metric")
    func autoDisableOnInjectedClock() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, _ in (503, 0) }
        defer { receiver.stop() }
        let (endpoint, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        let clock = Mutex(Date(timeIntervalSince1970: 2_000_000_000))
        let logged = Mutex<[WorkerEvent]>([])
        let metrics = BatonMetrics()
        let handlers = db.webhookHandlers(
            metrics: metrics, disableAfter: .seconds(5 * 86_400), clock: { clock.withLock { $0 } },
            log: { event in logged.withLock { $0.append(event) } })
        _ = try WebhookDeliveryTests.recordEvent(db, maxAttempts: 100)
        let worker = db.worker(handlers: handlers)
        worker.start()
        defer { worker.stop() }
        let store = WebhookEndpointStore(secret: TestSecrets.secretKey)
        #expect(eventually(within: 10) { receiver.requests.count >= 3 })
        let failing = try store.endpoint(id: endpoint.id, on: db.connection)
        #expect(!failing.disabled && failing.failingSince == Date(timeIntervalSince1970: 2_000_000_000))

        clock.withLock { $0 += 5 * 86_400 + 1 }
        #expect(try eventually(within: 10) { try store.endpoint(id: endpoint.id, on: db.connection).disabled })
        #expect(try store.endpoint(id: endpoint.id, on: db.connection).disabledReason == WebhookEndpoint.autoDisabledReason)
        #expect(try eventually(within: 10) { try db.count(.discarded) == 1 })
        #expect(logged.withLock { $0 } == [.endpointDisabled(id: endpoint.id)])
        #expect(metrics.webhookEndpointsDisabled.count == 1)
        _ = try WebhookDeliveryTests.recordEvent(db)
        #expect(try Self.jobs(db, for: endpoint) == 1, "a disabled endpoint gets no new job")

        let enabled = try store.update(id: endpoint.id, try WebhookEndpointChange(disabled: false), on: db.connection)
        #expect(!enabled.disabled && enabled.disabledReason == nil && enabled.failingSince == nil)
    }

    @Test("a webhook.test event goes to its endpoint alone, whatever the filters")
    func testEventToOneEndpoint() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        let other = try LoopbackReceiver()
        defer {
            receiver.stop()
            other.stop()
        }
        let (endpoint, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString, events: ["invite.expired"])
        try db.addWebhookEndpoint(url: other.url.absoluteString)
        let eventID = try #require(try OutboxEvents.recordTest(endpointID: endpoint.id, on: db.connection))
        #expect(try OutboxEvents.recordTest(endpointID: UUID(), on: db.connection) == nil)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(eventually(within: 10) { receiver.requests.count == 1 })
        #expect(receiver.requests[0].headers["baton-event-type"] == "webhook.test")
        #expect(receiver.requests[0].headers["idempotency-key"] == eventID.uuidString.lowercased())
        #expect(other.requests.isEmpty)
    }
}

@Suite("Webhook delivery log", .timeLimit(.minutes(10)))
struct WebhookDeliveryLogTests {
    @Test("a worker killed mid-delivery delivers at least once, and the log shows the interrupted attempt and the one that succeeded")
    func killedMidDelivery() throws {
        let db = try WorkerDatabase()
        // The first request is answered only after the child is dead.
        let receiver = try LoopbackReceiver { _, previous in (200, previous == 0 ? 5 : 0) }
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        let eventID = try WebhookDeliveryTests.recordEvent(db)
        let child = try WorkerProcess(db, receiver: receiver, arguments: ["--id", "doomed"], settings: ["BATON_JOB_LEASE_SECONDS": "1"])
        #expect(eventually(within: 20) { receiver.requests.count == 1 })
        #expect(child.stop(SIGKILL) == -1)
        try db.connection.query("UPDATE baton.leaders SET expires_at = now()")
        let survivor = db.worker(handlers: db.webhookHandlers())
        survivor.start()
        defer { survivor.stop() }
        #expect(try eventually(within: 30) { try db.count(.completed) == 1 })
        #expect(receiver.requests.count >= 2)
        #expect(Set(receiver.requests.compactMap { $0.headers["idempotency-key"] }) == [eventID])
        let page = try WebhookDeliveryLog.page(
            endpointID: WebhookEndpoint.configuredID, filter: nil, after: nil, limit: 10, on: db.connection)
        #expect(page.attempts.map(\.attempt) == [2, 1])
        #expect(page.attempts.map(\.status) == [.succeeded, .interrupted])
        #expect(page.attempts.allSatisfy { $0.eventID.uuidString.lowercased() == eventID })
        #expect(page.attempts[0].httpStatus == 200 && page.attempts[0].durationMilliseconds != nil)
        let secret = String(decoding: WebhookDeliveryTests.secret, as: UTF8.self)
        #expect(!child.output.contains(secret) && !child.logLines.description.contains(secret))
    }

    @Test("the log filters by status, pages newest first by keyset, and retention deletes old entries")
    func logPagesAndRetention() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver { _, previous in (previous < 3 ? 500 : 200, 0) }
        defer { receiver.stop() }
        let (endpoint, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        _ = try WebhookDeliveryTests.recordEvent(db)
        _ = try WebhookDeliveryTests.recordEvent(db)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 2 })
        let log = { (filter: WebhookDeliveryLog.Filter?, after: Int64?, limit: Int) in
            try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: filter, after: after, limit: limit, on: db.connection)
        }
        #expect(try log(.failed, nil, 10).attempts.count == 3)
        #expect(try log(.succeeded, nil, 10).attempts.count == 2)
        let first = try log(nil, nil, 3)
        let second = try log(nil, first.next, 3)
        #expect(first.next != nil && second.next == nil)
        let ids = (first.attempts + second.attempts).map(\.id)
        #expect(ids == ids.sorted(by: >) && Set(ids).count == 5)
        try db.connection.query("UPDATE baton.webhook_deliveries SET attempted_at = now() - interval '31 days' WHERE succeeded = false")
        #expect(try WebhookDeliveryLog.deleteOld(olderThan: .seconds(30 * 86_400), on: db.connection) == 3)
        #expect(try log(nil, nil, 10).attempts.count == 2)
    }

    @Test("the log keeps the first 1 KiB of the receiver's answer and nothing past it")
    func logKeepsTheAnswersStart() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver(answerBytes: 5_000) { _, _ in (422, 0) }
        defer { receiver.stop() }
        let (endpoint, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        _ = try WebhookDeliveryTests.recordEvent(db)
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        let attempts = { try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: .failed, after: nil, limit: 1, on: db.connection) }
        // An entry is written before its request goes out and completed after it.
        #expect(try eventually(within: 10) { try attempts().attempts.first?.status == .failed })
        let prefix = try #require(try attempts().attempts.first?.responsePrefix)
        #expect(prefix == Data(repeating: UInt8(ascii: "x"), count: 1_024))
    }
}
