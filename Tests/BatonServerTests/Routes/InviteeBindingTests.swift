import BatonCore
import BatonJSON
import Foundation
import Postgres
import Testing

@Suite("Invites bound to an invitee, and self-redemption", .timeLimit(.minutes(10)))
struct InviteeBindingTests {
    static let jwtSecret = Sodium.bytes(fromHex: "5be3f2813c9a51e07b2d48f6a1c5e93d0872b4fe6d19a3c75b08e2f4917cd6a0")!
    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false, environment: ["BATON_REDEEMER_JWT_SECRET": Sodium.hex(Self.jwtSecret)])
    }

    /// Creates an invite with `fields` added and returns its create response.
    private func create(_ fields: [String: Any]) throws -> [String: Any] {
        let response = try client.post("/v1/invites", json: ["family_id": "fam_b", "family_name": "The Bells"].merging(fields) { $1 })
        #expect(response.status == 201)
        return response.json
    }

    private func jwt(_ subject: String, _ claims: [String: JSONValue] = [:]) -> String {
        RedeemerToken.mint(subject: subject, expiresAt: Int64(Date().timeIntervalSince1970) + 300, secret: Self.jwtSecret, claims: claims)
    }

    private func redeemCount(_ id: Any?) throws -> Int {
        try app.count("SELECT redemption_count FROM baton.invites WHERE id = $1", [UUID(uuidString: id as? String ?? "")])
    }

    @Test("an email invitee is shown only as kind and hint, and only its keyed hash is stored")
    func storedAsHash() throws {
        let created = try create(["invitee": ["email": " Dana.Bell@Example.org"]])
        let invitee = try #require(created["invitee"] as? [String: Any])
        #expect(invitee["kind"] as? String == "email" && invitee["hint"] as? String == "d•••@example.org")
        let listed = try client.get("/v1/invites?family_id=fam_b").json["invites"] as? [[String: Any]]
        #expect((listed?.first?["invitee"] as? [String: Any])?["kind"] as? String == "email")
        let row = try app.withConnection { try $0.query("SELECT row_to_json(i)::text FROM baton.invites i")[0].decode(String.self, at: 0) }
        #expect(!row.lowercased().contains("dana.bell"))
        #expect(try app.count("SELECT count(*) FROM baton.invites WHERE octet_length(invitee_hash) = 32") == 1)
    }

    @Test("a bad invitee is 422 naming it, and nothing is stored")
    func badInvitee() throws {
        for invitee in [["email": "nope"], ["phone": "0123"], [:], ["email": "a@b.example", "subject": "u"]] {
            let response = try client.post("/v1/invites", json: ["family_id": "f", "family_name": "F", "invitee": invitee])
            #expect(response.status == 422 && response.errorCode == "validation_failed")
            let field = ((response.json["error"] as? [String: Any])?["details"] as? [String: Any])?["field"] as? String
            #expect(field?.hasPrefix("invitee") == true)
        }
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }

    @Test("with an API key the body's invitee must match; a mismatch is 403 invitee_mismatch, counted, invite untouched")
    func apiKeyRedeemer() throws {
        let created = try create(["invitee": ["phone": "+447700900123"]])
        let token = try #require(created["token"] as? String)
        for wrong in [nil, ["phone": "+447700900124"], ["subject": "+447700900123"]] as [[String: String]?] {
            var body: [String: Any] = ["token": token, "redeemer_id": "u-9"]
            body["invitee"] = wrong
            let refused = try client.post("/v1/redemptions", json: body)
            #expect(refused.status == 403 && refused.errorCode == "invitee_mismatch")
        }
        #expect(try redeemCount(created["id"]) == 0)
        #expect(try app.count("SELECT count(*) FROM baton.redemptions") == 0)
        app.app.funnelFlusher.stop()
        #expect(try app.count("SELECT coalesce(sum(count), 0)::bigint FROM baton.rejections_hourly WHERE code = 'invitee_mismatch'") == 3)
        let matched = try client.post(
            "/v1/redemptions", json: ["token": token, "redeemer_id": "u-9", "invitee": ["phone": "+447700900123"]])
        #expect(matched.status == 201)
        #expect(try redeemCount(created["id"]) == 1)
    }

    @Test("a malformed invitee in a redemption is 400 invalid_request naming it")
    func malformedRedemptionInvitee() throws {
        let created = try create([:])
        let response = try client.post(
            "/v1/redemptions", json: ["token": created["token"] as? String ?? "", "redeemer_id": "u", "invitee": ["email": "x"]])
        #expect(response.status == 400 && response.errorCode == "invalid_request")
    }

    @Test("a JWT's verified email, verified phone_number or sub matches; an unverified email does not")
    func jwtClaims() throws {
        let email = try create(["invitee": ["email": "dana@example.org"], "max_redemptions": 2])
        let emailToken = try #require(email["token"] as? String)
        let unverified = try app.client(apiKey: jwt("p-1", ["email": "dana@example.org", "email_verified": false]))
            .post("/v1/redemptions", json: ["token": emailToken])
        #expect(unverified.status == 403 && unverified.errorCode == "invitee_mismatch")
        let numeric = try app.client(apiKey: jwt("p-1", ["email": "dana@example.org", "email_verified": 1]))
            .post("/v1/redemptions", json: ["token": emailToken])
        #expect(numeric.status == 403)
        let verified = try app.client(apiKey: jwt("p-1", ["email": "DANA@example.org", "email_verified": true]))
            .post("/v1/redemptions", json: ["token": emailToken])
        #expect(verified.status == 201)

        let phone = try create(["invitee": ["phone": "+14155550123"]])
        let byPhone = try app.client(apiKey: jwt("p-2", ["phone_number": "+14155550123", "phone_number_verified": true]))
            .post("/v1/redemptions", json: ["token": phone["token"] as? String ?? ""])
        #expect(byPhone.status == 201)

        let subject = try create(["invitee": ["subject": "user-77"]])
        let other = try app.client(apiKey: jwt("user-78")).post("/v1/redemptions", json: ["token": subject["token"] as? String ?? ""])
        #expect(other.status == 403)
        let bySubject = try app.client(apiKey: jwt("user-77")).post("/v1/redemptions", json: ["token": subject["token"] as? String ?? ""])
        #expect(bySubject.status == 201)
    }

    @Test("a JWT redeemer may not also send an invitee")
    func jwtWithBodyInvitee() throws {
        let created = try create([:])
        let response = try app.client(apiKey: jwt("p-1"))
            .post("/v1/redemptions", json: ["token": created["token"] as? String ?? "", "invitee": ["subject": "p-1"]])
        #expect(response.status == 400 && response.errorCode == "invalid_request")
    }

    @Test("preview and the landing page say only that the invite is for a specific person")
    func previewHidesBinding() throws {
        let bound = try create(["invitee": ["email": "dana@example.org"]])
        let open = try create([:])
        let anonymous = try app.client()
        anonymous.apiKey = nil
        let preview = try anonymous.get("/v1/invites/\(bound["token"] as? String ?? "")/preview")
        #expect(preview.status == 200 && preview.json["for_specific_person"] as? Bool == true)
        #expect(!String(decoding: preview.body, as: UTF8.self).contains("example.org"))
        #expect(try anonymous.get("/v1/invites/\(open["token"] as? String ?? "")/preview").json["for_specific_person"] as? Bool == false)
        let page = String(decoding: try anonymous.get("/invite/\(bound["token"] as? String ?? "")").body, as: UTF8.self)
        #expect(page.contains("This invite is for a specific person.") && !page.contains("example.org") && !page.contains("•••"))
    }

    @Test("the inviter redeeming their own invite gets 409 self_redemption unless allow_self_redemption is set")
    func selfRedemption() throws {
        let own = try create(["inviter_id": "u-1"])
        let refused = try client.post("/v1/redemptions", json: ["token": own["token"] as? String ?? "", "redeemer_id": "u-1"])
        #expect(refused.status == 409 && refused.errorCode == "self_redemption")
        #expect(try redeemCount(own["id"]) == 0)
        let allowed = try create(["inviter_id": "u-1", "allow_self_redemption": true])
        #expect(allowed["allow_self_redemption"] as? Bool == true)
        #expect(try client.post("/v1/redemptions", json: ["token": allowed["token"] as? String ?? "", "redeemer_id": "u-1"]).status == 201)
        #expect(try client.post("/v1/redemptions", json: ["token": own["token"] as? String ?? "", "redeemer_id": "u-2"]).status == 201)
    }
}
