import BatonCore
import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("POST /v1/redemptions", .timeLimit(.minutes(10)))
struct RedemptionRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    private func redeem(_ body: [String: Any]) throws -> HTTPTestClient.Response {
        try client.post("/v1/redemptions", json: body)
    }

    @Test("a token redeems once with 201 and the same redeemer gets the identical receipt with 200")
    func redeemAndReplay() throws {
        let invite = try app.makeInvite()
        let first = try redeem(["token": invite.token.text, "redeemer_id": "u-1", "channel": "backend"])
        #expect(first.status == 201)
        #expect(first.json["invite_id"] as? String == invite.id.uuidString.lowercased())
        #expect(first.json["redeemer_id"] as? String == "u-1")
        #expect(first.json["channel"] as? String == "backend")
        #expect(first.json["uses_left"] as? Int == 0)
        let replay = try redeem(["token": invite.token.text, "redeemer_id": "u-1"])
        #expect(replay.status == 200)
        #expect(replay.body == first.body)
    }

    @Test("a second redeemer of a single-use invite gets invite_used_up")
    func secondRedeemerIsRefused() throws {
        let invite = try app.makeInvite()
        #expect(try redeem(["code": invite.code.displayText, "redeemer_id": "u-1"]).status == 201)
        let second = try redeem(["code": invite.code.text.lowercased(), "redeemer_id": "u-2"])
        #expect(second.status == 409)
        #expect(second.errorCode == "invite_used_up")
    }

    @Test(
        "revoked and expired invites are refused with their codes",
        arguments: [
            ("revoked", 410, "invite_revoked"), ("expired", 410, "invite_expired"),
        ])
    func refusedStates(state: String, status: Int, code: String) throws {
        let invite = try app.makeInvite()
        try app.setState(state, of: invite)
        let response = try redeem(["token": invite.token.text, "redeemer_id": "u-1"])
        #expect(response.status == status)
        #expect(response.errorCode == code)
    }

    @Test("an unknown token is invite_not_found")
    func unknownToken() throws {
        let response = try redeem(["token": LinkTokenFixture.unknown, "redeemer_id": "u-1"])
        #expect(response.status == 404)
        #expect(response.errorCode == "invite_not_found")
    }

    @Test("an invite with a 2-second TTL expires by the database's clock")
    func expiryByDatabaseClock() throws {
        let invite = try app.makeInvite(ttlSeconds: 2)
        let expiry = try app.withConnection {
            try $0.query("SELECT expires_at - now() > interval '1 second' FROM baton.invites WHERE id = $1", [invite.id])[0].decode(
                Bool.self, at: 0)
        }
        #expect(expiry)
        let expired = try eventually(within: 5) {
            try app.count("SELECT count(*) FROM baton.invites WHERE id = $1 AND expires_at <= now()", [invite.id]) == 1
        }
        try #require(expired, "the database's clock never passed the invite's expiry")
        let response = try redeem(["token": invite.token.text, "redeemer_id": "u-1"])
        #expect(response.status == 410)
        #expect(response.errorCode == "invite_expired")
        #expect(try app.count("SELECT count(*) FROM baton.redemptions WHERE invite_id = $1", [invite.id]) == 0)
    }

    @Test("a code that fails its check character is invalid_code")
    func badCheckCharacter() throws {
        let invite = try app.makeInvite()
        var text = Array(invite.code.text)
        text[0] = text[0] == "0" ? "1" : "0"
        let response = try redeem(["code": String(text), "redeemer_id": "u-1"])
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_code")
        #expect(response.errorDetails["reason"] as? String == "code_check_failed")
    }

    @Test(
        "a body must name exactly one credential, a known channel and a usable redeemer",
        arguments: [
            ["redeemer_id": "u-1"],
            ["token": LinkTokenFixture.unknown, "code": "ABCDE-FGHJK", "redeemer_id": "u-1"],
            ["token": LinkTokenFixture.unknown, "redeemer_id": "u-1", "channel": "fax"],
            ["token": LinkTokenFixture.unknown, "redeemer_id": String(repeating: "x", count: 257)],
            ["token": LinkTokenFixture.unknown, "redeemer_id": ""],
            ["token": LinkTokenFixture.unknown],
        ] as [[String: String]])
    func malformedBodies(body: [String: String]) throws {
        let response = try redeem(body)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_request")
    }

    @Test("an API key needs the redemptions:write scope")
    func scopes() throws {
        let invite = try app.makeInvite()
        let reader = try app.client(apiKey: try app.makeKey([.invitesRead]))
        let refused = try reader.post("/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "u-1"])
        #expect(refused.status == 403)
        let writer = try app.client(apiKey: try app.makeKey([.redemptionsWrite]))
        #expect(try writer.post("/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "u-1"]).status == 201)
        let anonymous = try app.client()
        anonymous.apiKey = nil
        #expect(try anonymous.post("/v1/redemptions", json: ["token": invite.token.text, "redeemer_id": "u-1"]).status == 401)
    }

    @Test("a redemption writes its event and webhook job in the same statement")
    func outbox() throws {
        try app.addWebhookEndpoint()
        let invite = try app.makeInvite()
        let receipt = try redeem(["token": invite.token.text, "redeemer_id": "u-7"])
        #expect(receipt.status == 201)
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.redeemed' AND invite_id = $1", [invite.id]) == 1)
        let body = try app.withConnection {
            try $0.query(
                """
                SELECT baton.webhook_body(e.event_id, e.type, e.occurred_at, e.data)::text
                FROM baton.jobs j JOIN baton.events e ON e.event_id::text = j.args ->> 'event_id'
                WHERE j.kind = 'webhook.deliver' AND e.invite_id = $1
                """, [invite.id])[0].decode(String.self, at: 0)
        }
        let event = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(event["type"] as? String == "invite.redeemed")
        #expect((event["data"] as? [String: Any])?["redeemer_id"] as? String == "u-7")
        #expect((event["data"] as? [String: Any])?["redemption_id"] as? String == receipt.json["id"] as? String)
    }

    @Test("a previewed handoff redeems; another redeemer with the same handoff gets handoff_already_used")
    func handoffIsSingleUse() throws {
        let invite = try app.makeInvite(maxRedemptions: 3)
        let preview = try client.get("/v1/invites/\(invite.token.text)/preview")
        let handoff = try #require(preview.json["handoff"] as? String)
        let first = try redeem(["handoff": handoff, "redeemer_id": "u-1"])
        #expect(first.status == 201)
        #expect(first.json["uses_left"] as? Int == 2)
        let again = try redeem(["handoff": handoff, "redeemer_id": "u-1"])
        #expect(again.status == 200)
        #expect(again.body == first.body)
        let other = try redeem(["handoff": handoff, "redeemer_id": "u-2"])
        #expect(other.status == 409)
        #expect(other.errorCode == "handoff_already_used")
        #expect(try redeem(["token": invite.token.text, "redeemer_id": "u-2"]).status == 201)
    }

    @Test("a tampered handoff is refused before the database with the codec's code")
    func tamperedHandoff() throws {
        let invite = try app.makeInvite()
        let handoff = try #require(try client.get("/v1/invites/\(invite.token.text)/preview").json["handoff"] as? String)
        let last = handoff.last == "A" ? "B" : "A"
        let response = try redeem(["handoff": String(handoff.dropLast()) + last, "redeemer_id": "u-1"])
        #expect(response.status == 422)
        #expect(response.errorCode == "handoff_bad_signature" || response.errorCode == "handoff_malformed")
        #expect(try app.count("SELECT count(*) FROM baton.redemptions") == 0)
    }
}

/// Token-shaped texts that name no invite.
enum LinkTokenFixture {
    static let unknown = "0123456789ABCDEFGHJKMNPQRS"
}
