import BatonJSON
import Foundation
import HTTP
import Testing

@testable import BatonServer

@Suite("The hand-written preview body", .timeLimit(.minutes(10)))
struct PreviewBodyTests {
    /// The same fields through the API's `JSONEncoder` configuration.
    private struct Encoded: Encodable {
        let familyName: String
        let inviterName: String?
        let expiresAt: Date
        let usesLeft: Int
        let state: String
        let handoff: String
        var forSpecificPerson = false
        var locale: String?

        private enum CodingKeys: String, CodingKey {
            case familyName, inviterName, expiresAt, usesLeft, state, handoff, forSpecificPerson, locale
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(familyName, forKey: .familyName)
            try container.encode(inviterName, forKey: .inviterName)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(usesLeft, forKey: .usesLeft)
            try container.encode(state, forKey: .state)
            try container.encode(handoff, forKey: .handoff)
            try container.encode(forSpecificPerson, forKey: .forSpecificPerson)
            try container.encode(locale, forKey: .locale)
        }
    }

    private static let expiry = Date(timeIntervalSince1970: 1_796_000_000.125)

    /// The invite's locale rides along when it names an inviter, and is null without, so both shapes are compared.
    private static func bodies(family: String, inviter: String?) throws -> (hand: Data, encoder: Data) {
        let locale = inviter == nil ? nil : "zh-Hant"
        let hand = PreviewBody(
            familyName: family, inviterName: inviter, expiresAt: expiry, usesLeft: 3, state: "active", handoff: "eyJh.eyJj.c2ln-_",
            locale: locale
        ).json()
        let encoder = try JSONCoding.encode(
            Encoded(
                familyName: family, inviterName: inviter, expiresAt: expiry, usesLeft: 3, state: "active", handoff: "eyJh.eyJj.c2ln-_",
                locale: locale
            ))
        return (hand, encoder)
    }

    @Test("plain names give exactly JSONCoding's bytes", arguments: [("The Okafor family", "Ada" as String?), ("A/B family", nil)])
    func plainBytes(family: String, inviter: String?) throws {
        let (hand, encoder) = try Self.bodies(family: family, inviter: inviter)
        #expect(hand == encoder)
    }

    @Test(
        "names with quotes, controls, hidden and non-Latin characters give JSONCoding's bytes and stay hardened",
        arguments: [
            "Say \"hi\" \\ back", "tab\there\nline", "bidi \u{202E}evil", "Familie Müller 👪", "零\u{0001}\u{007F}",
        ])
    func escapedNames(name: String) throws {
        let (hand, encoder) = try Self.bodies(family: name, inviter: name)
        #expect(hand == encoder)
        let decoded = try #require(JSONSerialization.jsonObject(with: hand) as? NSDictionary)
        #expect(decoded == (try JSONSerialization.jsonObject(with: encoder) as? NSDictionary))
        let text = String(decoding: hand, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" || $0 == "\u{007F}" })
    }
}
