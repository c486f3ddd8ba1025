import BatonCore
import BatonJSON
import Foundation
import HTTP
import Postgres
import Testing

@Suite("Invite change, reissue and timeline", .timeLimit(.minutes(10)))
struct InviteLifecycleRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient()
    }

    /// A fresh invite through the API: its create answer.
    func create(_ extra: [String: Any] = [:]) throws -> [String: Any] {
        let response = try client.post("/v1/invites", json: ["family_id": "fam", "family_name": "The Okafor family"].merging(extra) { $1 })
        #expect(response.status == 201)
        return response.json
    }

    func patch(_ id: String, _ json: [String: Any], headers: [(String, String)] = []) throws -> HTTPTestClient.Response {
        try patch(id, body: try JSONSerialization.data(withJSONObject: json), headers: headers)
    }

    func patch(_ id: String, body: Data, headers: [(String, String)] = []) throws -> HTTPTestClient.Response {
        try client.send("PATCH", "/v1/invites/\(id)", headers: headers, body: body)
    }

    /// The invite's events through the API: its types, oldest first, and the entries.
    func events(_ id: String) throws -> [[String: Any]] {
        let response = try client.get("/v1/invites/\(id)/events")
        #expect(response.status == 200)
        return response.json["events"] as? [[String: Any]] ?? []
    }

    @Test("a PATCH changes the fields it names, keeps the others and records invite.updated with old and new values")
    func patchChangesFields() throws {
        try app.addWebhookEndpoint()
        let invite = try create(["inviter_name": "Ada", "metadata": ["team": "a"]])
        let id = try #require(invite["id"] as? String)
        let response = try patch(
            id, ["max_redemptions": 5, "family_name": "The Doe family", "inviter_name": NSNull(), "metadata": ["team": "b"]])
        #expect(response.status == 200)
        #expect(response.json["max_redemptions"] as? Int == 5 && response.json["uses_left"] as? Int == 5)
        #expect(response.json["family_name"] as? String == "The Doe family")
        #expect(response.json["inviter_name"] is NSNull)
        #expect((response.json["metadata"] as? [String: String]) == ["team": "b"])
        #expect(response.json["expires_at"] as? String == invite["expires_at"] as? String)
        #expect(response.json["redemptions"] as? [Any] != nil)
        let updated = try #require(try events(id).last)
        #expect(updated["type"] as? String == "invite.updated")
        let data = try #require(updated["data"] as? [String: Any])
        #expect(data["changed"] as? [String] == ["family_name", "inviter_name", "max_redemptions", "metadata"])
        #expect((data["max_redemptions"] as? [String: Int]) == ["old": 1, "new": 5])
        // Names and metadata are named, never repeated.
        let text = String(decoding: try JSONSerialization.data(withJSONObject: data), as: UTF8.self)
        #expect(!text.contains("Doe") && !text.contains("Okafor") && !text.contains("team"))
        #expect(try app.count("SELECT count(*) FROM baton.jobs WHERE args ? 'event_id'") == 1)
    }

    @Test("ttl_seconds counts from the database's now, and expires_at is taken as given, each reported old and new")
    func patchMovesExpiry() throws {
        let id = try #require(try create(["ttl_seconds": 60])["id"] as? String)
        let extended = try patch(id, ["ttl_seconds": 86_400])
        #expect(extended.status == 200)
        let expiry = try #require(JSONCoding.timestamp(from: extended.json["expires_at"] as? String ?? ""))
        #expect(abs(expiry.timeIntervalSinceNow - 86_400) < 60)
        let target = Date().addingTimeInterval(7_200)
        let moved = try patch(id, ["expires_at": JSONCoding.timestamp(target)])
        #expect(moved.status == 200)
        let movedExpiry = try #require(JSONCoding.timestamp(from: moved.json["expires_at"] as? String ?? ""))
        // Both the request and the answer carry milliseconds.
        #expect(abs(movedExpiry.timeIntervalSince(target)) < 0.002)
        let data = try #require(try events(id).last?["data"] as? [String: Any])
        #expect(data["changed"] as? [String] == ["expires_at"])
        let change = try #require(data["expires_at"] as? [String: String])
        // The event writes each time exactly as the API's answers wrote it.
        #expect(change["old"] == extended.json["expires_at"] as? String)
        #expect(change["new"] == moved.json["expires_at"] as? String)
    }

    @Test(
        "a bad PATCH body gets 422 naming the field and changes nothing",
        arguments: [
            (#"{"ttl_seconds": 0}"#, "ttl_seconds"),
            (#"{"ttl_seconds": 60, "expires_at": "2030-01-01T00:00:00Z"}"#, "expires_at"),
            (#"{"expires_at": "2001-01-01T00:00:00Z"}"#, "expires_at"),
            (#"{"expires_at": "3000-01-01T00:00:00Z"}"#, "expires_at"),
            (#"{"expires_at": "tomorrow"}"#, "expires_at"),
            (#"{"max_redemptions": 0}"#, "max_redemptions"),
            (#"{"metadata": [1, 2]}"#, "metadata"),
            (#"{"family_name": ""}"#, "family_name"),
            (#"{"family_name": null}"#, "family_name"),
            (#"{"inviter_name": "A\u202Eda"}"#, "inviter_name"),
            ("{}", "body"),
        ])
    func patchValidation(body: String, field: String) throws {
        let id = try #require(try create()["id"] as? String)
        let response = try patch(id, body: Data(body.utf8))
        #expect(response.status == 422 && response.errorCode == "validation_failed")
        #expect(response.errorDetails["field"] as? String == field)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.updated'") == 0)
    }

    @Test("max_redemptions below the redemptions so far is 409 max_redemptions_below_count; equal to them uses the invite up")
    func patchMaximumAgainstCount() throws {
        let invite = try create(["max_redemptions": 3])
        let id = try #require(invite["id"] as? String)
        for redeemer in ["r1", "r2"] {
            let response = try client.post("/v1/redemptions", json: ["token": invite["token"] as Any, "redeemer_id": redeemer])
            #expect(response.status == 201)
        }
        let below = try patch(id, ["max_redemptions": 1])
        #expect(below.status == 409 && below.errorCode == "max_redemptions_below_count")
        #expect(below.errorDetails["redemption_count"] as? Int == 2)
        let equal = try patch(id, ["max_redemptions": 2])
        #expect(equal.status == 200 && equal.json["state"] as? String == "used_up" && equal.json["uses_left"] as? Int == 0)
        let late = try client.post("/v1/redemptions", json: ["token": invite["token"] as Any, "redeemer_id": "r3"])
        #expect(late.status == 409 && late.errorCode == "invite_used_up")
    }

    @Test("a used-up, revoked or expired invite is 409 invite_not_active for PATCH and reissue; an unknown one 404")
    func onlyActiveChanges() throws {
        let revoked = try #require(try create()["id"] as? String)
        _ = try client.send("POST", "/v1/invites/\(revoked)/revoke")
        let expired = try #require(try create()["id"] as? String)
        _ = try app.withConnection {
            try $0.query("UPDATE baton.invites SET expires_at = created_at + interval '1 microsecond' WHERE id = $1::uuid", [expired])
        }
        for id in [revoked, expired] {
            let change = try patch(id, ["ttl_seconds": 600])
            #expect(change.status == 409 && change.errorCode == "invite_not_active")
            let reissue = try client.send("POST", "/v1/invites/\(id)/reissue")
            #expect(reissue.status == 409 && reissue.errorCode == "invite_not_active")
        }
        let unknown = UUID().uuidString.lowercased()
        #expect(try patch(unknown, ["ttl_seconds": 600]).status == 404)
        #expect(try client.send("POST", "/v1/invites/\(unknown)/reissue").status == 404)
        #expect(try client.get("/v1/invites/\(unknown)/events").status == 404)
    }

    @Test("a PATCH with an Idempotency-Key is applied once and replayed")
    func patchIsIdempotent() throws {
        let id = try #require(try create()["id"] as? String)
        let first = try patch(id, ["ttl_seconds": 3600], headers: [("Idempotency-Key", "extend-1")])
        let second = try patch(id, ["ttl_seconds": 3600], headers: [("Idempotency-Key", "extend-1")])
        #expect(first.status == 200 && second.status == 200 && first.body == second.body)
        #expect(second.header("Idempotent-Replayed") == "true")
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.updated'") == 1)
    }

    @Test("a reissue keeps the invite's id and counts; its old code, token and handoff answer 410 invite_reissued, its new ones work")
    func reissueRetiresOldCredentials() throws {
        let invite = try create(["max_redemptions": 3])
        let id = try #require(invite["id"] as? String)
        let oldToken = try #require(invite["token"] as? String)
        let oldCode = try #require(invite["code"] as? String)
        let oldHandoff = try #require(try client.get("/v1/invites/\(oldToken)/preview").json["handoff"] as? String)
        #expect(try client.post("/v1/redemptions", json: ["token": oldToken, "redeemer_id": "before"]).status == 201)

        let reissued = try client.send("POST", "/v1/invites/\(id)/reissue")
        #expect(reissued.status == 200)
        #expect(reissued.json["id"] as? String == id && reissued.json["redemption_count"] as? Int == 1)
        let newToken = try #require(reissued.json["token"] as? String)
        let newCode = try #require(reissued.json["code"] as? String)
        #expect(newToken != oldToken && newCode != oldCode)
        #expect((reissued.json["link"] as? String)?.hasSuffix(newToken) == true)

        let refusals = [
            try client.get("/v1/invites/\(oldToken)/preview"),
            try client.get("/v1/invites/\(oldCode)/preview"),
            try client.post("/v1/invocations", json: ["url": invite["link"] as Any]),
            try client.post("/v1/redemptions", json: ["token": oldToken, "redeemer_id": "r1"]),
            try client.post("/v1/redemptions", json: ["code": oldCode, "redeemer_id": "r2"]),
            try client.post("/v1/redemptions", json: ["handoff": oldHandoff, "redeemer_id": "r3"]),
        ]
        for refusal in refusals {
            #expect(refusal.status == 410 && refusal.errorCode == "invite_reissued")
        }
        #expect(try client.get("/v1/invites/\(newToken)/preview").status == 200)
        let redeemed = try client.post("/v1/redemptions", json: ["code": newCode, "redeemer_id": "after"])
        #expect(redeemed.status == 201 && redeemed.json["uses_left"] as? Int == 1)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.reissued'") == 1)
    }

    @Test("an old typed code after a reissue is a refusal, not a guess: it never spends the guess budget")
    func reissuedCodeIsNoGuess() throws {
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "code=100/min,client_code_failures=2/day"])
        let client = try app.client()
        let invite = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F"]).json
        let code = try #require(invite["code"] as? String)
        _ = try client.send("POST", "/v1/invites/\(try #require(invite["id"] as? String))/reissue")
        for _ in 0..<4 {
            let response = try client.get("/v1/invites/\(code)/preview")
            #expect(response.status == 410 && response.errorCode == "invite_reissued")
        }
    }

    @Test("the timeline lists created, previewed, updated, reissued, redeemed and revoked oldest first, in pages")
    func timelineInOrder() throws {
        let invite = try create(["max_redemptions": 2])
        let id = try #require(invite["id"] as? String)
        _ = try client.get("/v1/invites/\(invite["token"] as? String ?? "")/preview")
        _ = try patch(id, ["ttl_seconds": 7200])
        let token = try #require(try client.send("POST", "/v1/invites/\(id)/reissue").json["token"] as? String)
        _ = try client.post("/v1/redemptions", json: ["token": token, "redeemer_id": "r1", "channel": "clip"])
        _ = try client.send("POST", "/v1/invites/\(id)/revoke")
        let all = try events(id)
        #expect(
            all.compactMap { $0["type"] as? String } == [
                "invite.created", "invite.previewed", "invite.updated", "invite.reissued", "invite.redeemed", "invite.revoked",
            ])
        #expect(all[4]["channel"] as? String == "clip")
        #expect((all[4]["data"] as? [String: Any])?["redeemer_id"] as? String == "r1")
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try client.get("/v1/invites/\(id)/events?limit=4" + (cursor.map { "&after=\($0)" } ?? ""))
            seen += (page.json["events"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page.json["next_cursor"] as? String
        } while cursor != nil && seen.count < 20
        #expect(seen == all.compactMap { $0["id"] as? String })
        for query in ["limit=0", "limit=1001", "after=x"] {
            let response = try client.get("/v1/invites/\(id)/events?\(query)")
            #expect(response.status == 422 && response.errorCode == "validation_failed")
        }
    }

    @Test("inviter_id filters the list next to family_id")
    func listsByInviter() throws {
        let ada = try #require(try create(["inviter_id": "u-ada"])["id"] as? String)
        _ = try create(["inviter_id": "u-bo"])
        _ = try create()
        let response = try client.get("/v1/invites?inviter_id=u-ada&family_id=fam")
        #expect((response.json["invites"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [ada])
        let long = String(repeating: "x", count: 129)
        let refused = try client.get("/v1/invites?inviter_id=\(long)")
        #expect(refused.status == 422 && refused.errorDetails["field"] as? String == "inviter_id")
    }
}
