/// Renders untrusted text so that it is safe to print, log or embed in JSON.
///
/// Every function here escapes the scalars that ``HiddenCharacters`` names and
/// leaves all other text, including non-Latin letters and emoji, as it is, so
/// people still read names in their own script.
public enum SafeText {
    /// `text` with every hidden character replaced by `\u{XXXX}` and every
    /// backslash doubled, so the result can be told apart from a literal
    /// escape. For terminals and human-readable log messages.
    public static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\\\"
            } else if HiddenCharacters.isHidden(scalar) {
                out += "\\u{" + hex(scalar.value, width: 4) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a JSON string literal, quotes included. Besides what JSON
    /// requires (quote, backslash, C0 controls) it escapes every hidden
    /// character as `\uXXXX` (with surrogate pairs above U+FFFF), so the JSON
    /// stays valid and its raw bytes cannot drive a terminal.
    public static func jsonQuoted(_ text: some StringProtocol) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if HiddenCharacters.isHidden(scalar) {
                    out += jsonEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// Re-escapes serialized JSON (from `JSONSerialization` or `JSONEncoder`)
    /// so that every hidden character inside its strings becomes `\uXXXX`.
    /// Valid because JSON text outside strings is ASCII punctuation and
    /// whitespace, which this leaves alone; C0 controls inside strings are
    /// already escaped by any conforming serializer.
    public static func hardenedJSON(_ json: some StringProtocol) -> String {
        // Most API bodies are plain ASCII below DEL: nothing to escape, no copy
        // scalar by scalar (that copy was a large share of preview's CPU;
        // docs/http.md, "Profiling notes").
        if json.utf8.allSatisfy({ $0 < 0x7F }) { return String(json) }
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, HiddenCharacters.isHidden(scalar) {
                out += jsonEscape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        guard scalar.value > 0xFFFF else { return "\\u" + hex(scalar.value, width: 4) }
        let v = scalar.value - 0x10000
        return "\\u" + hex(0xD800 + (v >> 10), width: 4) + "\\u" + hex(0xDC00 + (v & 0x3FF), width: 4)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
