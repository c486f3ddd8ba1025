import BatonCore
import BatonTestSupport
import Foundation
import HTTPTestSupport
import Testing

@Suite("Webhook endpoint routes", .timeLimit(.minutes(10)))
struct WebhookEndpointRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    private func patch(_ path: String, _ json: Any) throws -> RawConnection.Response {
        try client.send("PATCH", path, body: try JSONSerialization.data(withJSONObject: json))
    }

    @Test("the secret is in the create and rotate answers only: never in a read, a list, a change, the log, a job or the table")
    func secretShownOnce() throws {
        let created = try client.post(
            "/v1/webhook-endpoints",
            json: ["url": "https://hooks.example.com/a", "enabled_events": ["invite.redeemed"], "description": "A"])
        #expect(created.status == 201)
        let secret = try #require(created.json["secret"] as? String)
        #expect(secret.hasPrefix("whsec_") && Data(base64Encoded: String(secret.dropFirst(6)))?.count == 32)
        let id = try #require(created.json["id"] as? String)
        let rotated = try client.post("/v1/webhook-endpoints/\(id)/rotate-secret", json: ["previous_expires_in_seconds": 60])
        #expect(rotated.status == 200 && rotated.json["previous_secret_expires_at"] is String)
        let second = try #require(rotated.json["secret"] as? String)
        #expect(second != secret)
        #expect(try client.post("/v1/webhook-endpoints/\(id)/test", json: [:]).status == 202)
        let answers = [
            try client.get("/v1/webhook-endpoints/\(id)"), try client.get("/v1/webhook-endpoints"),
            try patch("/v1/webhook-endpoints/\(id)", ["description": "B"]), try client.get("/v1/webhook-endpoints/\(id)/deliveries"),
        ]
        for answer in answers {
            #expect(answer.status == 200)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(!text.contains(secret) && !text.contains(second) && !text.contains("\"secret\""))
        }
        let stored = try app.withConnection { connection in
            try connection.query("SELECT secret_sealed, previous_secret_sealed FROM baton.webhook_endpoints")[0]
        }
        for column in ["secret_sealed", "previous_secret_sealed"] as [StaticString] {
            let sealed: Data = try stored.decode(column)
            #expect(sealed.range(of: Data(secret.utf8)) == nil && sealed.range(of: Data(second.utf8)) == nil)
        }
        let jobs = try app.withConnection { try $0.query("SELECT args::text FROM baton.jobs").map { try $0.decode(String.self, at: 0) } }
        #expect(jobs.count == 1 && jobs.allSatisfy { !$0.contains("whsec_") })
    }

    @Test("bodies are strict and checked: unknown and repeated fields, plain http to a remote host, unknown event types, bad bounds")
    func strictBodies() throws {
        let unknown = try client.post("/v1/webhook-endpoints", json: ["url": "https://h.example.com", "secret": "mine"])
        #expect(unknown.status == 422 && unknown.errorCode == "unknown_field")
        let repeated = try client.send(
            "POST", "/v1/webhook-endpoints", body: Data(#"{"url": "https://h.example.com", "url": "https://i.example.com"}"#.utf8))
        #expect(repeated.status == 422 && repeated.errorCode == "duplicate_field")
        let plain = try client.post("/v1/webhook-endpoints", json: ["url": "http://h.example.com/hook"])
        #expect(plain.errorCode == "validation_failed" && plain.errorDetails["field"] as? String == "url")
        #expect(try client.post("/v1/webhook-endpoints", json: ["url": "http://127.0.0.1:9/hook"]).status == 201)
        let events = try client.post("/v1/webhook-endpoints", json: ["url": "https://h.example.com", "enabled_events": ["invite.nope"]])
        #expect(events.errorDetails["field"] as? String == "enabled_events")
        let id = try #require(try client.post("/v1/webhook-endpoints", json: ["url": "https://h.example.com"]).json["id"] as? String)
        let overlong = try client.post("/v1/webhook-endpoints/\(id)/rotate-secret", json: ["previous_expires_in_seconds": 604_801])
        #expect(overlong.status == 422 && overlong.errorDetails["field"] as? String == "previous_expires_in_seconds")
        #expect(try client.get("/v1/webhook-endpoints/\(UUID())").errorCode == "webhook_endpoint_not_found")
        #expect(try client.get("/v1/webhook-endpoints/\(id)/deliveries?status=maybe").status == 422)
        #expect(try client.post("/v1/events/\(UUID())/redeliver", json: [:]).errorCode == "event_not_found")
    }

    @Test("the endpoint managed by configuration is refused every change but enabling and disabling, with its own code")
    func managedByConfigRefused() throws {
        try app.withConnection { connection in
            try app.app.webhookEndpoints.configure(
                WebhookSettings(url: URL(string: "https://configured.example.com/hook")!, secret: Array("s".utf8)), on: connection)
        }
        let id = WebhookEndpoint.configuredID.uuidString.lowercased()
        let shown = try client.get("/v1/webhook-endpoints/\(id)")
        #expect(shown.json["managed_by_config"] as? Bool == true && shown.json["enabled_events"] as? [String] == ["*"])
        for refused in [
            try patch("/v1/webhook-endpoints/\(id)", ["url": "https://elsewhere.example.com"]),
            try client.send("DELETE", "/v1/webhook-endpoints/\(id)"),
            try client.post("/v1/webhook-endpoints/\(id)/rotate-secret", json: [:]),
        ] {
            #expect(refused.status == 409 && refused.errorCode == "webhook_endpoint_managed_by_config")
        }
        let disabled = try patch("/v1/webhook-endpoints/\(id)", ["disabled": true])
        #expect(disabled.status == 200 && disabled.json["disabled_reason"] as? String == "disabled_by_request")
    }

    @Test("the list pages by keyset without gaps or repeats, and a deleted endpoint is gone")
    func listPagesAndDelete() throws {
        var made: [String] = []
        for index in 0..<5 {
            made.append(
                try #require(try client.post("/v1/webhook-endpoints", json: ["url": "https://h\(index).example.com"]).json["id"] as? String)
            )
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try client.get("/v1/webhook-endpoints?limit=2" + (cursor.map { "&after=\($0)" } ?? ""))
            seen += (page.json["webhook_endpoints"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.json["next_cursor"] as? String
        } while cursor != nil
        #expect(seen == made.sorted())
        #expect(try client.send("DELETE", "/v1/webhook-endpoints/\(made[0])").status == 204)
        #expect(try client.get("/v1/webhook-endpoints/\(made[0])").status == 404)
    }

    @Test("an unknown endpoint's delivery log is 404, an empty one 200 with no entries, and one with entries lists them")
    func deliveryLogOfWhichEndpoint() throws {
        #expect(try client.get("/v1/webhook-endpoints/\(UUID())/deliveries").errorCode == "webhook_endpoint_not_found")
        let id = try #require(try client.post("/v1/webhook-endpoints", json: ["url": "https://h.example.com"]).json["id"] as? String)
        let empty = try client.get("/v1/webhook-endpoints/\(id)/deliveries")
        #expect(empty.status == 200 && (empty.json["deliveries"] as? [Any])?.isEmpty == true)
        _ = try app.withConnection { connection in
            try connection.query(
                """
                INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, attempt, attempted_at, succeeded)
                VALUES ($1::uuid, gen_random_uuid(), 1, now(), false)
                """, [id])
        }
        let failed = try client.get("/v1/webhook-endpoints/\(id)/deliveries?status=failed")
        #expect(failed.status == 200 && (failed.json["deliveries"] as? [[String: Any]])?.map { $0["status"] as? String } == ["failed"])
        let succeeded = try client.get("/v1/webhook-endpoints/\(id)/deliveries?status=succeeded")
        #expect(succeeded.status == 200 && (succeeded.json["deliveries"] as? [Any])?.isEmpty == true)
    }
}
