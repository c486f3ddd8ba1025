import BatonCore
import Foundation
import Testing

@Suite("Redeemer JWT audience, issuer and lifetime", .timeLimit(.minutes(10)))
struct RedeemerTokenClaimsTests {
    static let secret = Sodium.bytes(fromHex: "3c9a51e07b2d48f6a1c5e93d0872b4fe6d19a3c75b08e2f4917cd6a05be3f281")!
    let app: TestApp

    init() throws {
        app = try TestApp(environment: [
            "BATON_RATE_LIMITS": "off", "BATON_REDEEMER_JWT_SECRET": Sodium.hex(Self.secret),
            "BATON_REDEEMER_JWT_AUDIENCE": "baton.example", "BATON_REDEEMER_JWT_ISSUER": "https://backend.example",
        ])
    }

    private var now: Int64 { Int64(Date().timeIntervalSince1970) }

    /// A token with `claims` (JSON members after `sub`) signed with the suite's secret.
    static func token(_ claims: String) -> String {
        let header = RedeemerToken.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let input = header + "." + RedeemerToken.encode(Data(#"{"sub":"person-3",\#(claims)}"#.utf8))
        return input + "." + RedeemerToken.encode(Data(Sodium.hmacSHA256(key: secret, message: Array(input.utf8))))
    }

    private func redeem(bearer: String) throws -> HTTPTestClient.Response {
        let invite = try app.makeInvite()
        return try app.client(apiKey: bearer).post("/v1/redemptions", json: ["token": invite.token.text])
    }

    @Test("a token for the configured audience and issuer redeems, a string or a list holding the audience")
    func matchingClaims() throws {
        let issuer = #""iss":"https://backend.example","exp":\#(now + 300)"#
        #expect(try redeem(bearer: Self.token(#""aud":"baton.example",\#(issuer)"#)).status == 201)
        #expect(try redeem(bearer: Self.token(#""aud":["other","baton.example"],\#(issuer)"#)).status == 201)
    }

    @Test(
        "a token for another audience or issuer, or without them, is 401 invalid_token",
        arguments: [
            (#""aud":"other.example","iss":"https://backend.example""#, "wrong_audience"),
            (#""iss":"https://backend.example""#, "wrong_audience"),
            (#""aud":"baton.example","iss":"https://evil.example""#, "wrong_issuer"),
            (#""aud":"baton.example""#, "wrong_issuer"),
        ])
    func wrongClaims(claims: String, reason: String) throws {
        let response = try redeem(bearer: Self.token(#"\#(claims),"exp":\#(now + 300)"#))
        #expect(response.status == 401 && response.errorCode == "invalid_token")
        #expect(response.errorDetails["reason"] as? String == reason)
    }

    @Test("a token living longer than an hour is refused, counted from iat or, without it, from now")
    func lifetime() throws {
        let claims = #""aud":"baton.example","iss":"https://backend.example""#
        for token in [Self.token(#"\#(claims),"exp":\#(now + 7200)"#), Self.token(#"\#(claims),"iat":\#(now),"exp":\#(now + 3700)"#)] {
            let response = try redeem(bearer: token)
            #expect(response.status == 401 && response.errorDetails["reason"] as? String == "lifetime_too_long")
        }
        #expect(try redeem(bearer: Self.token(#"\#(claims),"iat":\#(now),"exp":\#(now + 3600)"#)).status == 201)
    }

    @Test("an oversized JWT is 401 invalid_token (malformed), not invalid_api_key")
    func oversized() throws {
        let response = try redeem(bearer: Self.token(#""pad":"\#(String(repeating: "x", count: 5000))","exp":\#(now + 300)"#))
        #expect(response.status == 401 && response.errorCode == "invalid_token")
        #expect(response.errorDetails["reason"] as? String == "malformed")
    }
}
