import BatonCore
import BatonTestSupport
import Foundation
import HTTP
import Postgres
import Testing

@testable import BatonWorker

@Suite("Webhook destinations at delivery", .timeLimit(.minutes(10)))
struct WebhookDestinationDeliveryTests {
    @Test("a post to a loopback receiver under the default policy connects nowhere and fails as destination_not_allowed")
    func loopbackRefusedAtConnect() throws {
        let receiver = try WebhookTransportTests.statusReceiver()
        defer { receiver.stop() }
        let transport = WebhookTransport(limit: .seconds(5))
        for url in [receiver.url, URL(string: "http://localhost:\(receiver.port)/hooks/baton")!] {
            let request = WebhookRequest(url: url, headers: [], body: Data("{}".utf8), timeout: .seconds(5))
            #expect(transport.post(request).outcome == .failed("destination_not_allowed"), "\(url)")
        }
        #expect(receiver.connections == 0)
        let allowed = WebhookTransport(limit: .seconds(5), destinations: DestinationPolicy(allowing: [IPRange("127.0.0.1")!]))
        #expect(allowed.post(WebhookTransportTests.request(to: receiver, status: 204)).outcome == .status(204))
    }

    @Test("a closed port the policy allows is still connection_refused, told apart from a refused destination")
    func refusedPortIsNotARefusedDestination() throws {
        let receiver = try WebhookTransportTests.statusReceiver()
        receiver.stop()
        let request = WebhookTransportTests.request(to: receiver, status: 200)
        #expect(
            WebhookTransport(limit: .seconds(5), destinations: .allowingLoopback).post(request).outcome == .failed("connection_refused"))
        #expect(WebhookTransport(limit: .seconds(5)).post(request).outcome == .failed("destination_not_allowed"))
    }

    @Test("a delivery refused at connect is logged as failed with destination_not_allowed and retried no sooner than the backoff")
    func refusedDeliveryIsLoggedAndBackedOff() throws {
        let db = try WorkerDatabase()
        let receiver = try LoopbackReceiver()
        defer { receiver.stop() }
        // Stored before the policy applied (or resolving elsewhere since): only the connect-time check stands.
        let (endpoint, _) = try db.addWebhookEndpoint(url: receiver.url.absoluteString)
        _ = try #require(try OutboxEvents.recordTest(endpointID: endpoint.id, on: db.connection))
        let handlers = Worker.standardHandlers(
            delivery: WebhookDeliverySettings(timeout: .seconds(2), retryBaseSeconds: 60), secretKey: TestSecrets.secretKey,
            conninfo: db.conninfo)
        let worker = db.worker(handlers: handlers)
        worker.start()
        defer { worker.stop() }
        #expect(
            try eventually(within: 10) {
                try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: .failed, after: nil, limit: 10, on: db.connection).attempts
                    .count
                    == 1
            })
        let attempt = try WebhookDeliveryLog.page(endpointID: endpoint.id, filter: nil, after: nil, limit: 10, on: db.connection).attempts
        #expect(attempt.map(\.error) == ["destination_not_allowed"] && attempt[0].httpStatus == nil && attempt[0].responsePrefix.isEmpty)
        #expect(receiver.connections == 0)
        #expect(
            try eventually(within: 5) {
                try db.connection.query("SELECT count(*)::int FROM baton.jobs WHERE state = 'retryable'")[0].decode(Int.self, at: 0) == 1
            })
        // The first retry waits the base (60 s) less its 25 % jitter, as after any failed attempt.
        let wait: Double = try db.connection.query(
            "SELECT extract(epoch FROM scheduled_at - attempted_at)::float8 FROM baton.jobs WHERE state = 'retryable'")[0].decode(at: 0)
        #expect(wait >= 44)
    }
}
