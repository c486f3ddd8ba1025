import Foundation
import Testing

@testable import BatonLinks

@Suite("Install referrer", .timeLimit(.minutes(10)))
struct InstallReferrerTests {
    static let token = { () -> LinkToken in
        var generator = SeededGenerator(state: 34)
        return LinkToken.generate(using: &generator)
    }()

    /// The `referrer` parameter of `link` as Google Play hands it to the app:
    /// decoded once.
    static func referrer(handedOverFrom link: String) throws -> String {
        let items = try #require(URLComponents(string: link)?.queryItems)
        return try #require(items.first { $0.name == "referrer" }?.value)
    }

    @Test(
        "the Play link's referrer, decoded once as Play does, parses back to the invite's token",
        arguments: [(nil, nil), ("family-app", "spring"), ("news letter", "50% off & more = yes"), ("café", "ünïcode ✓")]
            as [(String?, String?)])
    func googlePlayLinkRoundTrips(source: String?, campaign: String?) throws {
        let link = Self.token.googlePlayLink(package: "com.example.family", source: source, campaign: campaign)
        #expect(link.hasPrefix("https://play.google.com/store/apps/details?id=com.example.family&referrer=baton_token%3D"))
        let handedOver = try Self.referrer(handedOverFrom: link)
        #expect(handedOver == Self.token.installReferrer(source: source, campaign: campaign))
        #expect(try Credential.parse(installReferrer: handedOver) == .token(Self.token))
        let parameters = try #require(URLComponents(string: "https://x/?" + handedOver)?.queryItems)
        #expect(parameters.first { $0.name == "utm_source" }?.value == source)
        #expect(parameters.first { $0.name == "utm_campaign" }?.value == campaign)
    }

    @Test("other parameters are ignored, the name may be escaped, and the token's case is normalised")
    func lenientWhereHarmless() throws {
        let token = Self.token.text
        #expect(try Credential.parse(installReferrer: "utm_source=google-play&baton_token=\(token)&utm_medium=cpc") == .token(Self.token))
        #expect(try Credential.parse(installReferrer: "baton%5Ftoken=\(token.lowercased())") == .token(Self.token))
        #expect(try Credential.parse(installReferrer: "&&baton_token=\(token)&") == .token(Self.token))
    }

    @Test(
        "a referrer without exactly one well-formed link token is refused with a typed error",
        arguments: [
            ("", InstallReferrerError.missingToken),
            ("utm_source=google-play&utm_medium=organic", .missingToken),
            ("baton_token=\(token.text)&baton_token=\(token.text)", .repeatedToken(count: 2)),
            ("baton_token=%ZZ", .malformed),
            ("baton_token=%FF%FE", .malformed),
            ("baton_token", .malformed),
            ("baton_token=\(token.text) x", .malformed),
            ("baton_token=ABCDEFGHJK", .invalidToken(.wrongLength(found: 10, expected: [26]))),
            ("baton_token=", .invalidToken(.empty)),
            ("baton_token=" + String(repeating: "A", count: 2100), .tooLong(limit: 2048)),
        ])
    func refusals(referrer: String, expected: InstallReferrerError) {
        #expect(throws: expected) { try Credential.parse(installReferrer: referrer) }
    }

    @Test("no refusal repeats the referrer it was given")
    func refusalsDoNotEcho() {
        for referrer in ["baton_token=SECRETSECRETSECRET", "baton_token=%ZZSECRET", "baton_token=A&baton_token=SECRETXYZ"] {
            do {
                _ = try Credential.parse(installReferrer: referrer)
                Issue.record("\(referrer) was accepted")
            } catch {
                #expect(!error.description.contains("SECRET"))
                #expect(error.code.hasPrefix("referrer_"))
            }
        }
    }
}
