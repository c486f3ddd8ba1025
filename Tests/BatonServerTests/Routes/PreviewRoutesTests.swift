import Foundation
import Testing

@Suite("GET /v1/invites/{credential}/preview", .timeLimit(.minutes(10)))
struct PreviewRoutesTests {
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false, anonymous: true)
    }

    @Test("a token previews with the family, uses left and a handoff the server accepts")
    func tokenPreview() throws {
        let invite = try app.makeInvite(maxRedemptions: 2)
        let response = try client.get("/v1/invites/\(invite.token.text)/preview")
        #expect(response.status == 200)
        #expect(response.json["family_name"] as? String == "The Okafor family")
        #expect(response.json["inviter_name"] as? String == "Ada")
        #expect(response.json["uses_left"] as? Int == 2)
        #expect(response.json["state"] as? String == "active")
        let handoff = try #require(response.json["handoff"] as? String)
        let validated = try client.post("/v1/handoffs/validate", json: ["handoff": handoff])
        #expect(validated.status == 200)
        #expect(validated.json["signed"] as? Bool == true)
        let payload = validated.json["payload"] as? [String: Any]
        #expect(payload?["credential"] as? String == invite.token.text)
        #expect(payload?["source"] as? String == "https://\(TestApp.publicHost)/invite/\(invite.token.text)")
    }

    @Test("an invite without an inviter previews inviter_name as null")
    func noInviter() throws {
        let invite = try app.makeInvite(inviterName: nil)
        let response = try client.get("/v1/invites/\(invite.token.text)/preview")
        #expect(response.status == 200)
        #expect(response.json["inviter_name"] is NSNull)
    }

    @Test("a code previews in any accepted spelling")
    func codeSpellings() throws {
        let invite = try app.makeInvite()
        for spelling in [
            invite.code.text, invite.code.displayText.lowercased(), invite.code.displayText.replacingOccurrences(of: "-", with: "%20"),
        ] {
            #expect(try client.get("/v1/invites/\(spelling)/preview").status == 200, "\(spelling)")
        }
    }

    @Test(
        "refusals carry their codes",
        arguments: [
            ("revoked", "invite_revoked"), ("expired", "invite_expired"), ("used_up", "invite_used_up"),
        ])
    func refusals(state: String, code: String) throws {
        let invite = try app.makeInvite()
        try app.setState(state, of: invite)
        let response = try client.get("/v1/invites/\(invite.token.text)/preview")
        #expect(response.status == 410)
        #expect(response.errorCode == code)
    }

    @Test(
        "unknown tokens are 404 and malformed codes 400 invalid_code",
        arguments: [
            (LinkTokenFixture.unknown, 404, "invite_not_found"), ("ABCDE-FGHJQ", 400, "invalid_code"), ("ABC", 400, "invalid_code"),
        ])
    func unknownAndMalformed(credential: String, status: Int, code: String) throws {
        let response = try client.get("/v1/invites/\(credential)/preview")
        #expect(response.status == status)
        #expect(response.errorCode == code)
    }

    @Test("only the first preview of an invite is recorded")
    func firstPreviewOnce() throws {
        let invite = try app.makeInvite()
        for _ in 0..<3 { #expect(try client.get("/v1/invites/\(invite.token.text)/preview").status == 200) }
        #expect(try app.count("SELECT count(*) FROM baton.events WHERE type = 'invite.previewed' AND invite_id = $1", [invite.id]) == 1)
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE id = $1 AND first_previewed_at IS NOT NULL", [invite.id]) == 1)
    }
}
