import BatonCore
import Foundation
import Testing

@Suite("RedeemerToken")
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

    @Test(
        "subjects with hidden characters or too long are refused",
        arguments: ["", "a\u{202E}b", "a\u{0}b", String(repeating: "x", count: 257)])
    func badSubjects(subject: String) {
        let text = RedeemerToken.mint(subject: subject, expiresAt: 1000, secret: Self.secret)
        #expect(throws: RedeemerTokenError.invalidSubject) { try RedeemerToken(verifying: text, secret: Self.secret, now: 0) }
    }

    @Test("padding, oversized and re-spelled tokens are malformed", arguments: ["a.b", "a.b.c.d", String(repeating: "a", count: 5000)])
    func malformed(text: String) {
        #expect(throws: RedeemerTokenError.malformed) { try RedeemerToken(verifying: text, secret: Self.secret, now: 0) }
    }
}
