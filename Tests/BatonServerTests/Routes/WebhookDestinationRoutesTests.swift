import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import HTTPTestSupport
import Testing

@Suite("Webhook destination routes", .timeLimit(.minutes(10)))
struct WebhookDestinationRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    /// The server's default policy: public addresses only (the test app otherwise allows loopback).
    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false, environment: ["BATON_WEBHOOK_ALLOWED_NETWORKS": ""])
    }

    static let refused: [(String, String)] = [
        ("https://169.254.169.254/", "link_local"), ("https://10.0.0.1/", "private"), ("https://192.168.1.1/", "private"),
        ("https://100.64.0.1/", "shared_address_space"), ("https://[fd00::1]/", "unique_local"), ("https://[fe80::1]/", "link_local"),
        ("https://[::ffff:10.0.0.1]/", "private"), ("https://0.0.0.0/", "unspecified"), ("https://2852039166/", "link_local"),
        ("https://0xa9fea9fe/", "link_local"), ("http://127.0.0.1:9/hook", "loopback"), ("https://localhost/", "loopback"),
    ]

    @Test("a webhook URL at an internal address is refused with 422 webhook_url_not_allowed naming its class", arguments: refused)
    func createRefused(url: String, addressClass: String) throws {
        let answer = try client.post("/v1/webhook-endpoints", json: ["url": url])
        #expect(answer.status == 422 && answer.errorCode == "webhook_url_not_allowed")
        #expect(answer.errorDetails["field"] as? String == "url" && answer.errorDetails["address_class"] as? String == addressClass)
        #expect(!String(decoding: answer.body, as: UTF8.self).contains(url))
        let stored: Int = try app.withConnection { try $0.query("SELECT count(*)::int FROM baton.webhook_endpoints")[0].decode(at: 0) }
        #expect(stored == 0)
    }

    @Test("changing an endpoint's URL to an internal address is refused with 422 and leaves it as it was")
    func patchRefused() throws {
        let created = try client.post("/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/a"])
        let id = try #require(created.json["id"] as? String)
        let answer = try client.send(
            "PATCH", "/v1/webhook-endpoints/\(id)", body: try JSONSerialization.data(withJSONObject: ["url": "https://0xa9fea9fe/"]))
        #expect(answer.status == 422 && answer.errorCode == "webhook_url_not_allowed")
        #expect(answer.errorDetails["address_class"] as? String == "link_local")
        #expect(try client.get("/v1/webhook-endpoints/\(id)").json["url"] as? String == "https://hooks.example.com/a")
    }

    @Test("a test delivery to a loopback endpoint stored earlier connects nowhere and logs destination_not_allowed, not the answer")
    func storedLoopbackEndpointIsNotReached() throws {
        let receiver = try WebhookReceiver(secret: Array("an endpoint stored before the policy".utf8))
        let (endpoint, _) = try app.addWebhookEndpoint(url: receiver.url)
        let worker = Worker.standard(app.app.configuration)
        worker.start()
        defer { worker.stop() }
        #expect(try client.post("/v1/webhook-endpoints/\(endpoint.id.uuidString.lowercased())/test", json: [:]).status == 202)
        var entry: [String: Any] = [:]
        #expect(
            try eventually(within: 10) {
                let page = try client.get("/v1/webhook-endpoints/\(endpoint.id.uuidString.lowercased())/deliveries?status=failed")
                entry = (page.json["deliveries"] as? [[String: Any]])?.first ?? [:]
                return !entry.isEmpty
            })
        #expect(entry["error"] as? String == "destination_not_allowed")
        #expect(entry["http_status"] is NSNull || entry["http_status"] == nil)
        #expect(entry["response_body"] as? String == "")
        #expect(receiver.deliveries.isEmpty)
    }
}
