import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("Redeemer JWTs on POST /v1/redemptions", .timeLimit(.minutes(10)))
struct RedeemerTokenTests {
    static let secret = Sodium.bytes(fromHex: TestSecrets.otherHex)!
    let app: TestApp

    init() throws {
        app = try TestApp(environment: ["BATON_RATE_LIMITS": "off", "BATON_REDEEMER_JWT_SECRET": Sodium.hex(Self.secret)])
    }

    private func redeem(token invite: TestInvite, bearer: String, extra: [String: String] = [:]) throws -> HTTPTestClient.Response {
        let client = try app.client(apiKey: bearer)
        return try client.post("/v1/redemptions", json: ["token": invite.token.text].merging(extra) { $1 })
    }

    private var now: Int64 { Int64(Date().timeIntervalSince1970) }

    @Test("a good token redeems for its sub")
    func goodToken() throws {
        let invite = try app.makeInvite()
        let response = try redeem(token: invite, bearer: RedeemerToken.mint(subject: "person-9", expiresAt: now + 300, secret: Self.secret))
        #expect(response.status == 201)
        #expect(response.json["redeemer_id"] as? String == "person-9")
    }

    @Test(
        "bad tokens are 401 invalid_token with the failed check",
        arguments: [
            ("expired", "expired"), ("wrong key", "bad_signature"), ("alg none", "unsupported_algorithm"),
            ("alg HS512", "unsupported_algorithm"), ("no exp", "missing_expiry"), ("garbage", "malformed"),
        ])
    func badTokens(kind: String, reason: String) throws {
        let invite = try app.makeInvite()
        let response = try redeem(token: invite, bearer: Self.token(kind, now: now))
        #expect(response.status == 401)
        #expect(response.errorCode == "invalid_token")
        #expect(response.errorDetails["reason"] as? String == reason)
        #expect(try app.count("SELECT count(*) FROM baton.redemptions WHERE invite_id = $1", [invite.id]) == 0)
    }

    @Test("a token may not name another redeemer in the body")
    func redeemerInBody() throws {
        let invite = try app.makeInvite()
        let bearer = RedeemerToken.mint(subject: "person-9", expiresAt: now + 300, secret: Self.secret)
        #expect(try redeem(token: invite, bearer: bearer, extra: ["redeemer_id": "someone-else"]).status == 400)
    }

    @Test("without BATON_REDEEMER_JWT_SECRET tokens are refused")
    func disabled() throws {
        let plain = try TestApp(environment: ["BATON_RATE_LIMITS": "off"])
        let invite = try plain.makeInvite()
        let client = try plain.client(apiKey: RedeemerToken.mint(subject: "p", expiresAt: now + 300, secret: Self.secret))
        let response = try client.post("/v1/redemptions", json: ["token": invite.token.text])
        #expect(response.status == 401)
        #expect(response.errorDetails["reason"] as? String == "jwt_disabled")
    }

    static func token(_ kind: String, now: Int64) -> String {
        switch kind {
        case "expired": return RedeemerToken.mint(subject: "p", expiresAt: now - 120, secret: secret)
        case "wrong key": return RedeemerToken.mint(subject: "p", expiresAt: now + 300, secret: [UInt8](repeating: 1, count: 32))
        case "alg none": return signed(header: #"{"alg":"none","typ":"JWT"}"#, claims: #"{"sub":"p","exp":\#(now + 300)}"#, mac: false)
        case "alg HS512": return signed(header: #"{"alg":"HS512","typ":"JWT"}"#, claims: #"{"sub":"p","exp":\#(now + 300)}"#, mac: true)
        case "no exp": return signed(header: #"{"alg":"HS256","typ":"JWT"}"#, claims: #"{"sub":"p"}"#, mac: true)
        default: return "a.b.c"
        }
    }

    private static func signed(header: String, claims: String, mac: Bool) -> String {
        let input = RedeemerToken.encode(Data(header.utf8)) + "." + RedeemerToken.encode(Data(claims.utf8))
        return input + "." + (mac ? RedeemerToken.encode(Data(Sodium.hmacSHA256(key: secret, message: Array(input.utf8)))) : "")
    }
}
