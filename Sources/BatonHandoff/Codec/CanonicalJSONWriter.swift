/// Writes a flat object as canonical JSON: members in byte-wise sorted key
/// order, no whitespace, integers in decimal, and strings with only the
/// escapes JSON requires (quote, backslash, and C0 controls as `\u00XX`), so
/// the same fields always give the same bytes.
enum CanonicalJSONWriter {
    static func bytes(of fields: HandoffFields) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (position, key) in fields.sortedKeys.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch fields[key] {
            case .string(let text)?: appendString(text, to: &out)
            case .integer(let number)?: out.append(contentsOf: String(number).utf8)
            case .bool(let flag)?: out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .null?, nil: out.append(contentsOf: "null".utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case ..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
