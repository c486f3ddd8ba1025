import BatonCore
import BatonJSON
import Foundation
import Testing

@Suite("RedeemerToken", .timeLimit(.minutes(10)))
struct RedeemerTokenUnitTests {
    static let secret = [UInt8](repeating: 7, count: 32)

    @Test("a minted token verifies and names its subject")
    func roundTrip() throws {
        let token = try RedeemerToken(
            verifying: RedeemerToken.mint(subject: "u-1", expiresAt: 1000, secret: Self.secret), secret: Self.secret, now: 900)
        #expect(token.subject == "u-1")
        #expect(token.expiresAt == 1000)
    }

    @Test("expiry allows a small skew and no more")
    func skew() {
        let text = RedeemerToken.mint(subject: "u-1", expiresAt: 1000, secret: Self.secret)
        #expect((try? RedeemerToken(verifying: text, secret: Self.secret, now: 1000 + RedeemerToken.allowedSkewSeconds - 1)) != nil)
        #expect(throws: RedeemerTokenError.expired) {
            try RedeemerToken(verifying: text, secret: Self.secret, now: 1000 + RedeemerToken.allowedSkewSeconds)
        }
    }

    @Test("empty and too long subjects are refused", arguments: ["", String(repeating: "x", count: 257)])
    func badSubjects(subject: String) {
        let text = RedeemerToken.mint(subject: subject, expiresAt: 1000, secret: Self.secret)
        #expect(throws: RedeemerTokenError.invalidSubject) { try RedeemerToken(verifying: text, secret: Self.secret, now: 0) }
    }

    @Test(
        "a sub, email or phone_number with a hidden character is refused as invalid_redeemer naming the claim, verified or not",
        arguments: ["\u{202E}", "\u{0}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}"])
    func hiddenCharacters(character: String) {
        let cases: [(String, [String: JSONValue], String)] = [
            ("u" + character, [:], "sub"), ("u", ["email": .string("a@example.com" + character)], "email"),
            ("u", ["phone_number": .string("+14155550123" + character), "phone_number_verified": true], "phone_number"),
        ]
        for (subject, claims, field) in cases {
            let text = RedeemerToken.mint(subject: subject, expiresAt: 1000, secret: Self.secret, claims: claims)
            #expect(throws: RedeemerTokenError.invalidRedeemer(InvalidRedeemer(field: field))) {
                try RedeemerToken(verifying: text, secret: Self.secret, now: 0)
            }
        }
    }

    @Test("phone_number is an identity only with phone_number_verified true, as email is only with email_verified true")
    func phoneNeedsVerification() throws {
        let unverified: [[String: JSONValue]] = [
            ["phone_number": "+14155550123"], ["phone_number": "+14155550123", "phone_number_verified": false],
            ["phone_number": "+14155550123", "phone_number_verified": 1],
        ]
        for claims in unverified {
            let text = RedeemerToken.mint(subject: "u-1", expiresAt: 1000, secret: Self.secret, claims: claims)
            #expect(try RedeemerToken(verifying: text, secret: Self.secret, now: 0).identities.map(\.kind) == [.subject])
        }
        let verified = RedeemerToken.mint(
            subject: "u-1", expiresAt: 1000, secret: Self.secret, claims: ["phone_number": "+14155550123", "phone_number_verified": true])
        #expect(try RedeemerToken(verifying: verified, secret: Self.secret, now: 0).identities.map(\.kind) == [.subject, .phone])
    }

    @Test("padding, oversized and re-spelled tokens are malformed", arguments: ["a.b", "a.b.c.d", String(repeating: "a", count: 5000)])
    func malformed(text: String) {
        #expect(throws: RedeemerTokenError.malformed) { try RedeemerToken(verifying: text, secret: Self.secret, now: 0) }
    }

    /// A token over `payload` exactly as written, signed with the test secret.
    static func signed(payload: String) -> String {
        let input = RedeemerToken.encode(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "." + RedeemerToken.encode(Data(payload.utf8))
        return input + "." + RedeemerToken.encode(Data(Sodium.hmacSHA256(key: secret, message: Array(input.utf8))))
    }

    @Test(
        "claims a lenient reader would read its own way are malformed, though signed: a repeated sub, a lone surrogate, trailing bytes",
        arguments: [
            #"{"exp":1000,"sub":"u-1","sub":"admin"}"#, #"{"exp":1000,"sub":"u-\ud800"}"#, #"{"exp":1000,"sub":"u-1"} x"#,
            #"{"exp":1000,"sub":"u-1","n":12345678901234567890}"#,
        ])
    func leniencyRefused(payload: String) {
        #expect(throws: RedeemerTokenError.malformed) {
            try RedeemerToken(verifying: Self.signed(payload: payload), secret: Self.secret, now: 0)
        }
    }

    @Test("the same claims written plainly verify, so the refusal above is the reading's")
    func plainClaimsVerify() throws {
        let token = try RedeemerToken(verifying: Self.signed(payload: #"{"exp":1000,"sub":"u-1"}"#), secret: Self.secret, now: 0)
        #expect(token.subject == "u-1")
    }
}
