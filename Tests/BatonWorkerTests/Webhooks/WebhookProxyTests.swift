import BatonTestSupport
import Foundation
import Testing

/// The proxy rule of the webhook transport (docs/queue.md): `baton worker`
/// honours `http_proxy` / `https_proxy` and `NO_PROXY` as libcurl reads them.
/// In a child process, since the variables are the whole process's.
@Suite("Webhook proxy", .timeLimit(.minutes(10)))
struct WebhookProxyTests {
    @Test("with http_proxy set a delivery goes through the proxy; with the endpoint in NO_PROXY it goes direct")
    func proxyVariablesAreHonoured() throws {
        let db = try WorkerDatabase()
        let endpoint = try LoopbackReceiver()
        let proxy = try LoopbackReceiver()
        defer {
            endpoint.stop()
            proxy.stop()
        }
        let proxied = ["http_proxy": "http://127.0.0.1:\(proxy.port)"]
        // Events fan out to the endpoints that exist when they are recorded.
        try db.configureWebhookEndpoint(url: endpoint.url, secret: WebhookDeliveryTests.secret)
        _ = try WebhookDeliveryTests.recordEvent(db)
        let first = try WorkerProcess(db, receiver: endpoint, settings: proxied)
        #expect(try eventually(within: 20) { try db.count(.completed) == 1 }, "\(first.errorOutput)")
        #expect(first.stop() == 0)
        #expect(proxy.requests.map { $0.headers["host"] } == ["127.0.0.1:\(endpoint.port)"])
        #expect(endpoint.requests.isEmpty)

        _ = try WebhookDeliveryTests.recordEvent(db)
        let second = try WorkerProcess(db, receiver: endpoint, settings: proxied.merging(["NO_PROXY": "127.0.0.1"]) { $1 })
        #expect(try eventually(within: 20) { try db.count(.completed) == 2 }, "\(second.errorOutput)")
        #expect(second.stop() == 0)
        #expect(endpoint.requests.count == 1)
        #expect(proxy.requests.count == 1)
    }
}
