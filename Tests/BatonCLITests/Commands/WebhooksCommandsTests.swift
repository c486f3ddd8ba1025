import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("webhooks commands", .timeLimit(.minutes(10)))
struct WebhooksCommandsTests {
    @Test("create and rotate print the secret once; list, test, deliveries and redeliver --json never show it")
    func secretOnlyAtCreateAndRotate() throws {
        let db = try MigratedDatabase()
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        let run = { (arguments: [String]) throws -> (status: Int32, out: String, err: String) in
            let outcome = try BatonRun.run(["webhooks"] + arguments, environment: environment)
            return (outcome.status, outcome.out, outcome.err)
        }
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
}
