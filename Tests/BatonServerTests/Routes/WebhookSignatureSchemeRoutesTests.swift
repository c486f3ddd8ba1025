import BatonCore
import BatonTestSupport
import Foundation
import HTTPTestSupport
import Testing

/// `signature_scheme` through the API: its default, create, PATCH, reads,
/// lists, the column, and 422 `webhook_signature_scheme_unknown`.
@Suite("Webhook signature scheme routes", .timeLimit(.minutes(10)))
struct WebhookSignatureSchemeRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    private func patch(_ id: String, _ json: [String: Any]) throws -> RawConnection.Response {
        try client.send("PATCH", "/v1/webhook-endpoints/\(id)", body: try JSONSerialization.data(withJSONObject: json))
    }

    private func storedScheme(_ id: String) throws -> String {
        try app.withConnection { connection in
            try connection.query("SELECT signature_scheme FROM baton.webhook_endpoints WHERE id = $1", [UUID(uuidString: id)])[0]
                .decode(at: 0)
        }
    }

    @Test("an endpoint created without a scheme is baton; one created with standard_webhooks reads, lists and stores it")
    func createAndRead() throws {
        let plain = try client.post("/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/a"])
        #expect(plain.status == 201 && plain.json["signature_scheme"] as? String == "baton")
        let created = try client.post(
            "/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/b", "signature_scheme": "standard_webhooks"])
        #expect(created.status == 201 && created.json["signature_scheme"] as? String == "standard_webhooks")
        let id = try #require(created.json["id"] as? String)
        #expect(try storedScheme(id) == "standard_webhooks")
        #expect(try client.get("/v1/webhook-endpoints/\(id)").json["signature_scheme"] as? String == "standard_webhooks")
        let listed = try #require(try client.get("/v1/webhook-endpoints").json["webhook_endpoints"] as? [[String: Any]])
        let schemes = Dictionary(uniqueKeysWithValues: listed.map { ($0["id"] as? String ?? "", $0["signature_scheme"] as? String) })
        #expect(schemes == [id: "standard_webhooks", plain.json["id"] as? String ?? "": "baton"])
    }

    @Test("PATCH changes the scheme both ways and keeps it when the field is absent")
    func patchScheme() throws {
        let id = try #require(try client.post("/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/a"]).json["id"] as? String)
        let changed = try patch(id, ["signature_scheme": "standard_webhooks"])
        #expect(changed.status == 200 && changed.json["signature_scheme"] as? String == "standard_webhooks")
        let described = try patch(id, ["description": "kept"])
        #expect(described.json["signature_scheme"] as? String == "standard_webhooks" && described.json["description"] as? String == "kept")
        #expect(try patch(id, ["signature_scheme": "baton"]).json["signature_scheme"] as? String == "baton")
        #expect(try storedScheme(id) == "baton")
    }

    @Test("an unknown scheme is 422 webhook_signature_scheme_unknown naming the field, on create and on PATCH, and changes nothing")
    func unknownScheme() throws {
        for scheme in ["svix", "Standard_Webhooks", ""] {
            let refused = try client.post(
                "/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/a", "signature_scheme": scheme])
            #expect(refused.status == 422 && refused.errorCode == "webhook_signature_scheme_unknown")
            #expect(refused.errorDetails["field"] as? String == "signature_scheme")
        }
        let count: Int = try app.withConnection { try $0.query("SELECT count(*)::int FROM baton.webhook_endpoints")[0].decode(at: 0) }
        #expect(count == 0)
        let id = try #require(
            try client.post("/v1/webhook-endpoints", json: ["url": "https://hooks.example.com/a", "signature_scheme": "standard_webhooks"])
                .json["id"] as? String)
        let refused = try patch(id, ["signature_scheme": "stripe"])
        #expect(refused.status == 422 && refused.errorCode == "webhook_signature_scheme_unknown")
        #expect(try storedScheme(id) == "standard_webhooks")
    }

    @Test("the column refuses a scheme the API does not know, and the configured endpoint can't change its scheme")
    func constraintAndManaged() throws {
        let insert = Result {
            try app.withConnection { connection in
                try connection.query(
                    """
                    INSERT INTO baton.webhook_endpoints (url, enabled_events, secret_sealed, signature_scheme)
                    VALUES ('https://h.example.com', ARRAY['*'], '\\x00', 'svix')
                    """)
            }
        }
        #expect(throws: (any Error).self) { try insert.get() }
        if case .failure(let error) = insert { #expect("\(error)".contains("webhook_endpoints_signature_scheme")) }
        try app.withConnection { connection in
            try app.app.webhookEndpoints.configure(
                WebhookSettings(url: URL(string: "https://configured.example.com/hook")!, secret: Array("s".utf8)), on: connection)
        }
        let refused = try patch(WebhookEndpoint.configuredID.uuidString.lowercased(), ["signature_scheme": "standard_webhooks"])
        #expect(refused.status == 409 && refused.errorCode == "webhook_endpoint_managed_by_config")
        #expect(try storedScheme(WebhookEndpoint.configuredID.uuidString.lowercased()) == "baton")
    }
}
