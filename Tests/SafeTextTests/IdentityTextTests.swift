import Testing

@testable import SafeText

@Suite("IdentityText", .timeLimit(.minutes(10)))
struct IdentityTextTests {
    /// Zero-width space, non-joiner and joiner, word joiner, byte order mark,
    /// soft hyphen, a control, the combining grapheme joiner, a variation
    /// selector, the Hangul filler, a tag, a no-break and an ideographic
    /// space, the blank Braille pattern, private use, a noncharacter and an
    /// unassigned code point.
    static let hidden: [Unicode.Scalar] =
        [
            "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{0007}", "\u{034F}", "\u{FE0F}", "\u{3164}",
            "\u{E0041}", "\u{00A0}", "\u{3000}", "\u{2800}", "\u{E000}", "\u{0378}",
        ] + [Unicode.Scalar(UInt32(0xFDD0))!]

    @Test("an id holding a hidden character anywhere is refused", arguments: hidden)
    func hiddenIsRefused(scalar: Unicode.Scalar) {
        #expect(IdentityText.isHidden(scalar))
        for text in ["u-1" + String(scalar), String(scalar) + "u-1", "u" + String(scalar) + "-1"] {
            #expect(IdentityText.containsHidden(text))
        }
    }

    @Test(
        "ids, addresses and numbers of every script pass",
        arguments: ["u-1", "user 42", "ann.lee@example.com", "+14155550123", "Zoë", "e\u{301}", "家族", "ünal@bücher.example", "😀"])
    func visibleIsKept(text: String) {
        #expect(!IdentityText.containsHidden(text))
    }
}
