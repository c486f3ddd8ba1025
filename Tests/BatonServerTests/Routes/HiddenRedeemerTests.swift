import BatonCore
import BatonJSON
import Foundation
import Testing

/// Ids, invitee emails and phones holding a character no one can see are
/// refused wherever a redeemer is named, so that `u-1` followed by a
/// zero-width space is never a redeemer other than the inviter `u-1`.
@Suite("Hidden characters in redeemers", .timeLimit(.minutes(10)))
struct HiddenRedeemerTests {
    static let jwtSecret = Sodium.bytes(fromHex: "2d48f6a1c5e93d0872b4fe6d19a3c75b08e2f4917cd6a05be3f2813c9a51e07b")!
    /// Zero-width space, non-joiner and joiner, word joiner, byte order mark,
    /// soft hyphen and a control character.
    static let hidden: [Character] = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{0007}"]

    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false, environment: ["BATON_REDEEMER_JWT_SECRET": Sodium.hex(Self.jwtSecret)])
    }

    /// Creates an invite with `fields` added; returns its link token.
    private func token(_ fields: [String: Any]) throws -> String {
        let response = try client.post("/v1/invites", json: ["family_id": "fam_h", "family_name": "The Hales"].merging(fields) { $1 })
        #expect(response.status == 201)
        return response.json["token"] as? String ?? ""
    }

    private func jwt(_ subject: String, _ claims: [String: JSONValue] = [:]) -> String {
        RedeemerToken.mint(subject: subject, expiresAt: Int64(Date().timeIntervalSince1970) + 300, secret: Self.jwtSecret, claims: claims)
    }

    /// Expects 422 `invalid_redeemer` naming `field`, and no redemption.
    private func expectRefused(_ response: HTTPTestClient.Response, field: String) throws {
        #expect(response.status == 422)
        #expect(response.errorCode == "invalid_redeemer")
        #expect(response.errorDetails["field"] as? String == field)
        #expect(try app.count("SELECT count(*) FROM baton.redemptions") == 0)
    }

    @Test(
        "an API key's redeemer_id with a hidden character is 422 invalid_redeemer, not a redeemer apart from the inviter", arguments: hidden
    )
    func bodyRedeemerID(character: Character) throws {
        let own = try token(["inviter_id": "u-1"])
        try expectRefused(client.post("/v1/redemptions", json: ["token": own, "redeemer_id": "u-1\(character)"]), field: "redeemer_id")
    }

    @Test("a JWT whose sub holds a hidden character is 422 invalid_redeemer", arguments: hidden)
    func jwtSubject(character: Character) throws {
        let own = try token(["inviter_id": "u-1"])
        let response = try app.client(apiKey: jwt("u-1\(character)")).post("/v1/redemptions", json: ["token": own])
        try expectRefused(response, field: "sub")
    }

    @Test("a JWT's verified email or phone_number with a hidden character is 422 invalid_redeemer", arguments: hidden)
    func jwtContactClaims(character: Character) throws {
        let byEmail = try token(["invitee": ["email": "dana@example.org"]])
        let email = jwt("p-1", ["email": .string("dana@example.org\(character)"), "email_verified": true])
        try expectRefused(app.client(apiKey: email).post("/v1/redemptions", json: ["token": byEmail]), field: "email")
        let byPhone = try token(["invitee": ["phone": "+14155550123"]])
        let phone = jwt("p-2", ["phone_number": .string("+14155550123\(character)"), "phone_number_verified": true])
        try expectRefused(app.client(apiKey: phone).post("/v1/redemptions", json: ["token": byPhone]), field: "phone_number")
    }

    @Test("an API key's invitee email, phone or subject with a hidden character is 422 invalid_redeemer", arguments: hidden)
    func bodyInvitee(character: Character) throws {
        let bound = try token(["invitee": ["email": "dana@example.org"]])
        for (member, value) in [("email", "dana@example.org"), ("phone", "+14155550123"), ("subject", "dana")] {
            let body: [String: Any] = ["token": bound, "redeemer_id": "u-9", "invitee": [member: value + String(character)]]
            try expectRefused(client.post("/v1/redemptions", json: body), field: "invitee.\(member)")
        }
    }

    @Test("an invite's inviter_id or invitee with a hidden character is 422 validation_failed naming it", arguments: hidden)
    func create(character: Character) throws {
        let fields: [(String, [String: Any])] = [
            ("inviter_id", ["inviter_id": "u-1\(character)"]), ("invitee.email", ["invitee": ["email": "dana@example.org\(character)"]]),
            ("invitee.phone", ["invitee": ["phone": "+14155550123\(character)"]]),
            ("invitee.subject", ["invitee": ["subject": "d\(character)"]]),
        ]
        for (field, extra) in fields {
            let response = try client.post("/v1/invites", json: ["family_id": "fam_h", "family_name": "The Hales"].merging(extra) { $1 })
            #expect(response.status == 422 && response.errorCode == "validation_failed")
            #expect(response.errorDetails["field"] as? String == field)
        }
        #expect(try app.count("SELECT count(*) FROM baton.invites") == 0)
    }

    @Test("a JWT's phone_number matches only with phone_number_verified true, as email needs email_verified")
    func phoneNeedsVerification() throws {
        let bound = try token(["invitee": ["phone": "+14155550123"], "max_redemptions": 2])
        let unverified: [[String: JSONValue]] = [
            [:], ["phone_number_verified": false], ["phone_number_verified": 1], ["phone_number_verified": "true"],
        ]
        for extra in unverified {
            let claims = extra.merging(["phone_number": "+14155550123"]) { $1 }
            let refused = try app.client(apiKey: jwt("p-3", claims)).post("/v1/redemptions", json: ["token": bound])
            #expect(refused.status == 403 && refused.errorCode == "invitee_mismatch")
        }
        let verified = jwt("p-3", ["phone_number": "+14155550123", "phone_number_verified": true])
        #expect(try app.client(apiKey: verified).post("/v1/redemptions", json: ["token": bound]).status == 201)
    }
}
