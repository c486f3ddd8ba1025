import BatonCore
import Foundation
import Postgres
import Testing

@Suite("Invite list, revoke and batch", .timeLimit(.minutes(10)))
struct InviteListRevokeBatchTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient()
    }

    func create(family: String, extra: [String: Any] = [:]) throws -> String {
        let response = try client.post("/v1/invites", json: ["family_id": family, "family_name": "Fam"].merging(extra) { $1 })
        return try #require(response.json["id"] as? String)
    }

    @Test("keyset pages walk a family newest first without gaps or repeats, and the last page has no cursor")
    func paginates() throws {
        var ids: [String] = []
        for _ in 0..<7 { ids.append(try create(family: "a")) }
        _ = try create(family: "b")
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            let after = cursor.map { "&after=\($0)" } ?? ""
            let response = try client.get("/v1/invites?family_id=a&limit=3\(after)")
            #expect(response.status == 200)
            let invites = try #require(response.json["invites"] as? [[String: Any]])
            seen += invites.compactMap { $0["id"] as? String }
            cursor = response.json["next_cursor"] as? String
            pages += 1
        } while cursor != nil && pages < 10
        #expect(pages == 3)
        #expect(seen == ids.reversed())
        let all = try client.get("/v1/invites").json["invites"] as? [[String: Any]]
        #expect(all?.count == 8)
    }

    @Test(
        "the state filter uses the effective state, and bad list parameters get 422 naming them",
        arguments: [
            ("limit=0", "limit"), ("limit=101", "limit"), ("limit=ten", "limit"), ("state=gone", "state"),
            ("after=bm90LWEtY3Vyc29y", "after"), ("after=%21%21", "after"),
        ])
    func listParameters(query: String, field: String) throws {
        let response = try client.get("/v1/invites?\(query)")
        #expect(response.status == 422 && response.errorCode == "validation_failed")
        #expect(response.errorDetails["field"] as? String == field)
    }

    @Test("state=expired finds an active invite past its expiry before the sweep rewrites it")
    func filtersByState() throws {
        let expired = try create(family: "s")
        _ = try create(family: "s")
        _ = try app.withConnection { connection in
            try connection.query(
                "UPDATE baton.invites SET created_at = now() - interval '2 days', expires_at = now() - interval '1 day' WHERE id = $1",
                [UUID(uuidString: expired)!]
            )
        }
        let response = try client.get("/v1/invites?state=expired")
        let invites = try #require(response.json["invites"] as? [[String: Any]])
        #expect(invites.map { $0["id"] as? String } == [expired])
        #expect(invites.first?["uses_left"] as? Int == 0)
        #expect((try client.get("/v1/invites?state=active").json["invites"] as? [Any])?.count == 1)
    }

    @Test("revoking twice answers 200 both times and records invite.revoked with one webhook job")
    func revokesOnce() throws {
        try app.addWebhookEndpoint()
        let id = try create(family: "r")
        let first = try client.send("POST", "/v1/invites/\(id)/revoke")
        #expect(first.status == 200)
        #expect(first.json["state"] as? String == "revoked" && first.json["uses_left"] as? Int == 0)
        let second = try client.send("POST", "/v1/invites/\(id)/revoke")
        #expect(second.status == 200 && second.json["state"] as? String == "revoked")
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.revoked'") == 1)
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver'") == 1)
        let revoked = try client.get("/v1/invites?state=revoked").json["invites"] as? [[String: Any]]
        #expect(revoked?.compactMap { $0["id"] as? String } == [id])
    }

    @Test("revoking an invite that already expired returns it unchanged and writes nothing")
    func revokeOfFinalInvite() throws {
        let id = try create(family: "e")
        _ = try app.withConnection { connection in
            try connection.query(
                "UPDATE baton.invites SET created_at = now() - interval '2 days', expires_at = now() - interval '1 day' WHERE id = $1",
                [UUID(uuidString: id)!]
            )
        }
        let response = try client.send("POST", "/v1/invites/\(id)/revoke")
        #expect(response.status == 200 && response.json["state"] as? String == "expired")
        #expect(try app.count("SELECT count(*) FROM baton.jobs") == 0)
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE state = 'active'") == 1)
    }

    @Test("a batch creates every invite in order in one transaction, each with its own code and token")
    func createsBatch() throws {
        let items = (0..<250).map { ["family_id": "batch", "family_name": "Family \($0)"] }
        let response = try client.post("/v1/invites/batch", json: ["invites": items])
        #expect(response.status == 201)
        let invites = try #require(response.json["invites"] as? [[String: Any]])
        #expect(invites.map { $0["family_name"] as? String } == items.map { $0["family_name"] })
        #expect(Set(invites.compactMap { $0["code"] as? String }).count == 250)
        #expect(Set(invites.compactMap { $0["token"] as? String }).count == 250)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.created'") == 250)
    }

    @Test("one bad item fails the whole batch with its index in details.field and stores nothing")
    func batchRollsBack() throws {
        var items: [[String: Any]] = (0..<5).map { _ in ["family_id": "batch", "family_name": "ok"] }
        items[2]["family_name"] = ""
        let response = try client.post("/v1/invites/batch", json: ["invites": items])
        #expect(response.status == 422 && response.errorDetails["field"] as? String == "invites.2.family_name")
        let empty = try client.post("/v1/invites/batch", json: ["invites": [Any]()])
        #expect(empty.status == 422 && empty.errorDetails["field"] as? String == "invites")
        let tooMany = try client.post(
            "/v1/invites/batch", json: ["invites": Array(repeating: ["family_id": "x", "family_name": "y"], count: 1001)])
        #expect(tooMany.status == 422 && tooMany.errorDetails["field"] as? String == "invites")
        #expect(try client.post("/v1/invites/batch", json: ["items": []]).status == 422)
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }
}
