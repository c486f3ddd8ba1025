/// Recognises the characters that must never reach a terminal, a log line or
/// an error message unescaped: they can move the cursor, recolour output,
/// reorder text (bidirectional overrides and isolates) or hide in plain sight.
///
/// The set is every scalar of general category Cc (C0 controls, DEL, C1
/// controls) or Cf (format: bidi controls, zero-width characters, BOM, tags),
/// plus the line and paragraph separators U+2028 and U+2029, which terminals
/// and JavaScript treat as line breaks. The zero-width joiner and non-joiner
/// (U+200C, U+200D) are format characters too but are kept visible: emoji
/// sequences and Persian and Indic names need them, and they move nothing.
public enum HiddenCharacters {
    /// Whether `scalar` is hidden and must be escaped before it is shown.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII || scalar == "\u{200C}" || scalar == "\u{200D}" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Whether `text` contains at least one hidden character.
    public static func contains(in text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isHidden)
    }
}
