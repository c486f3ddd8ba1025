import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("webhooks commands", .timeLimit(.minutes(10)))
struct WebhooksCommandsTests {
    /// Runs `baton webhooks …` against `db`.
    static func webhooks(_ db: MigratedDatabase) -> ([String]) throws -> (status: Int32, out: String, err: String) {
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        return { arguments in
            let outcome = try BatonRun.run(["webhooks"] + arguments, environment: environment)
            return (outcome.status, outcome.out, outcome.err)
        }
    }

    @Test("create and rotate print the secret once; list, test, deliveries and redeliver --json never show it")
    func secretOnlyAtCreateAndRotate() throws {
        let db = try MigratedDatabase()
        let run = Self.webhooks(db)
        let created = try run(["create", "--url", "https://hooks.example.com/a", "--event", "invite.revoked", "--json"])
        #expect(created.status == 0, "\(created.err)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(created.out.utf8)) as? [String: Any])
        let secret = try #require(body["secret"] as? String)
        let id = try #require(body["id"] as? String)
        #expect(body["enabled_events"] as? [String] == ["invite.revoked"])
        let rotated = try run(["rotate", id, "--overlap", "0"])
        #expect(rotated.status == 0 && rotated.out.hasPrefix("whsec_") && rotated.out != secret + "\n")
        let tested = try run(["test", id, "--json"])
        let eventID = try #require(
            (try JSONSerialization.jsonObject(with: Data(tested.out.utf8)) as? [String: Any])?["event_id"] as? String)
        let outputs = [
            try run(["list", "--json"]), try run(["list"]), tested, try run(["deliveries", id, "--json"]),
            try run(["redeliver", eventID, "--endpoint", id, "--json"]), try run(["rotate", "not-a-uuid"]),
            try run(["create", "--url", "http://remote.example.com"]),
        ]
        for output in outputs {
            #expect(!output.out.contains("whsec_") && !output.err.contains("whsec_"), "\(output)")
        }
        #expect(outputs[4].out.contains("\"deliveries\" : 1"))
        #expect(outputs[6].status != 0 && outputs[6].err.contains("validation_failed"))
    }

    @Test("create refuses an internal address as the API does, and takes it once BATON_WEBHOOK_ALLOWED_NETWORKS allows its network")
    func createFollowsTheDestinationPolicy() throws {
        let db = try MigratedDatabase()
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        let refused = try BatonRun.run(["webhooks", "create", "--url", "https://2852039166/"], environment: environment)
        #expect(refused.status != 0 && refused.err.contains("webhook_url_not_allowed") && refused.err.contains("link_local"))
        let stored: Int = try db.connection.query("SELECT count(*)::int FROM baton.webhook_endpoints")[0].decode(at: 0)
        #expect(stored == 0)
        let allowed = try BatonRun.run(
            ["webhooks", "create", "--url", "https://10.1.2.3/hooks"],
            environment: environment.merging(["BATON_WEBHOOK_ALLOWED_NETWORKS": "10.1.0.0/16"]) { $1 })
        #expect(allowed.status == 0, "\(allowed.err)")
    }

    @Test("create takes --signature-scheme, update changes it, list shows it, and an unknown scheme is refused with its code")
    func signatureScheme() throws {
        let db = try MigratedDatabase()
        let run = Self.webhooks(db)
        let created = try run(["create", "--url", "https://hooks.example.com/a", "--signature-scheme", "standard_webhooks", "--json"])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(created.out.utf8)) as? [String: Any])
        #expect(body["signature_scheme"] as? String == "standard_webhooks")
        let id = try #require(body["id"] as? String)
        #expect(try run(["list"]).out.contains("standard_webhooks"))
        let updated = try run(["update", id, "--signature-scheme", "baton", "--json"])
        #expect(updated.status == 0, "\(updated.err)")
        let changed = try #require(try JSONSerialization.jsonObject(with: Data(updated.out.utf8)) as? [String: Any])
        #expect(changed["signature_scheme"] as? String == "baton" && changed["url"] as? String == "https://hooks.example.com/a")
        let stored: String = try db.connection.query("SELECT signature_scheme FROM baton.webhook_endpoints")[0].decode(at: 0)
        #expect(stored == "baton")
        for refused in [
            try run(["create", "--url", "https://hooks.example.com/b", "--signature-scheme", "svix"]),
            try run(["update", id, "--signature-scheme", "svix"]),
        ] {
            #expect(refused.status != 0 && refused.err.contains("webhook_signature_scheme_unknown"), "\(refused)")
        }
        let count: Int = try db.connection.query("SELECT count(*)::int FROM baton.webhook_endpoints")[0].decode(at: 0)
        #expect(count == 1)
    }
}
