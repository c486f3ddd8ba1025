import BatonCore
import Foundation
import Postgres
import Testing

@Suite("Invite attribution and the receipt's context", .timeLimit(.minutes(10)))
struct AttributionRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    static var invite: [String: Any] {
        [
            "family_id": "fam_a", "family_name": "The Alders", "inviter_id": "u-5", "inviter_name": "Ann",
            "metadata": ["plan": "pro"], "source": "Share_Sheet", "campaign": "spring-2026",
        ]
    }

    @Test("source and campaign are lower-cased, stored, listed and shown on the invite")
    func stored() throws {
        let created = try client.post("/v1/invites", json: Self.invite)
        #expect(created.status == 201)
        #expect(created.json["source"] as? String == "share_sheet" && created.json["campaign"] as? String == "spring-2026")
        let listed = try #require(try client.get("/v1/invites").json["invites"] as? [[String: Any]])
        #expect(listed.first?["source"] as? String == "share_sheet")
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE source = 'share_sheet' AND campaign = 'spring-2026'") == 1)
        let plain = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"])
        #expect(plain.json["source"] is NSNull && plain.json["campaign"] is NSNull && plain.json["invitee"] is NSNull)
    }

    @Test(
        "a bad label is 422 naming it, in a batch by its item", arguments: ["", "with space", "emoji👍", String(repeating: "x", count: 65)])
    func badLabel(label: String) throws {
        let single = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F", "campaign": label])
        #expect(single.status == 422 && single.errorCode == "validation_failed")
        let batch = try client.post(
            "/v1/invites/batch",
            json: ["invites": [["family_id": "f", "family_name": "F"], ["family_id": "f", "family_name": "F", "source": label]]])
        #expect(batch.status == 422)
        #expect(((batch.json["error"] as? [String: Any])?["details"] as? [String: Any])?["field"] as? String == "invites.1.source")
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }

    @Test("the receipt carries the invite's metadata, inviter and attribution, and a replay is identical")
    func receiptContext() throws {
        let token = try #require(try client.post("/v1/invites", json: Self.invite).json["token"] as? String)
        let receipt = try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "r-1"])
        #expect(receipt.status == 201)
        #expect((receipt.json["metadata"] as? [String: Any])?["plan"] as? String == "pro")
        #expect(receipt.json["inviter_id"] as? String == "u-5" && receipt.json["inviter_name"] as? String == "Ann")
        #expect(receipt.json["source"] as? String == "share_sheet" && receipt.json["campaign"] as? String == "spring-2026")
        #expect(try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "r-1"]).body == receipt.body)
    }

    @Test("every webhook body of an attributed invite carries source and campaign; others carry neither")
    func webhookBodies() throws {
        let token = try #require(try client.post("/v1/invites", json: Self.invite).json["token"] as? String)
        _ = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"])
        #expect(try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "r-1"]).status == 201)
        let bodies = try app.withConnection { connection in
            try connection.query(
                "SELECT family_id, baton.webhook_body(event_id, type, occurred_at, data)->'data' FROM baton.events ORDER BY id"
            ).map { (try $0.decode(String.self, at: 0), try $0.decode(PostgresJSON.self, at: 1)) }
        }
        #expect(bodies.count == 3)
        for (family, body) in bodies {
            let data = try #require(JSONSerialization.jsonObject(with: body.data) as? [String: Any])
            #expect((data["source"] as? String) == (family == "fam_a" ? "share_sheet" : nil))
            #expect((data["campaign"] as? String) == (family == "fam_a" ? "spring-2026" : nil))
        }
    }
}
