import Foundation
import Testing

@testable import SafeText

@Suite("SafeText", .timeLimit(.minutes(10)))
struct SafeTextTests {
    static let hidden: [Unicode.Scalar] = [
        "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{200B}", "\u{200E}", "\u{202E}",
        "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{E0001}",
    ]

    @Test("every hidden character is escaped for terminals", arguments: hidden)
    func terminalEscape(scalar: Unicode.Scalar) {
        let out = SafeText.escaped("a" + String(scalar) + "b")
        #expect(!HiddenCharacters.contains(in: out))
        #expect(out.hasPrefix("a\\u{") && out.hasSuffix("}b"))
    }

    @Test("every hidden character is escaped in JSON and the JSON still decodes to the original", arguments: hidden)
    func jsonEscape(scalar: Unicode.Scalar) throws {
        let original = "x" + String(scalar) + "\"\\y"
        let quoted = SafeText.jsonQuoted(original)
        #expect(quoted.unicodeScalars.allSatisfy { $0.isASCII && !HiddenCharacters.isHidden($0) })
        let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
        #expect(decoded == original)
    }

    @Test("hardened JSON escapes hidden characters that a serializer let through")
    func hardened() throws {
        let raw = try JSONSerialization.data(withJSONObject: ["k": "a\u{202E}b\u{7F}\u{E0041}"])
        let out = SafeText.hardenedJSON(String(decoding: raw, as: UTF8.self))
        #expect(!HiddenCharacters.contains(in: out))
        let back = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: String]
        #expect(back?["k"] == "a\u{202E}b\u{7F}\u{E0041}")
    }

    @Test("letters of every script and emoji pass through unchanged")
    func visibleTextIsKept() {
        let text = "Família Ünal 家族 👨‍👩‍👧"
        #expect(SafeText.escaped(text) == text)
        #expect(SafeText.jsonQuoted(text) == "\"" + text + "\"")
    }
}
