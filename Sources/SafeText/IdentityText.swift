/// The one rule for text that names a person and is compared with another
/// such text: redeemer ids, a redeemer JWT's `sub`, `email` and
/// `phone_number`, invitees and inviter ids. None of its scalars may be
/// hidden, so two ids that look the same are the same bytes: `u-1` and `u-1`
/// followed by a zero-width space would otherwise be two redeemers, one of
/// them the inviter, that no one can tell apart.
///
/// Stricter than ``HiddenCharacters`` (what must be escaped before it is
/// shown, which keeps the zero-width joiner and non-joiner for names):
/// hidden here is every scalar ``HiddenCharacters`` hides, every format
/// character (Cf) including U+200C and U+200D, every default-ignorable code
/// point (variation selectors, the combining grapheme joiner, Hangul
/// fillers, ...), every space but U+0020, the blank Braille pattern U+2800,
/// private-use characters, noncharacters and unassigned code points.
public enum IdentityText {
    /// Whether `scalar` may not appear in an id, an email or a phone number.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if HiddenCharacters.isHidden(scalar) { return true }
        if scalar.isASCII { return false }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint || scalar == "\u{2800}" { return true }
        switch properties.generalCategory {
        case .format, .spaceSeparator, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// Whether `text` holds at least one scalar ``isHidden(_:)`` refuses.
    public static func containsHidden(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isHidden)
    }
}
