/// Writes a flat object as canonical JSON: members in byte-wise sorted key
/// order, no whitespace, integers in decimal, and strings with only the
/// escapes JSON requires (quote, backslash, and C0 controls as `\u00XX`), so
/// the same fields always give the same bytes.
enum CanonicalJSONWriter {
    /// The object of `fields`, its keys sorted.
    static func bytes(of fields: HandoffFields) -> [UInt8] {
        bytes(ofSorted: fields.sortedMembers)
    }

    /// The object of `members`, which must already be in canonical order:
    /// the minting path lists its fixed keys that way instead of sorting a
    /// dictionary per envelope.
    static func bytes(ofSorted members: [(key: String, value: HandoffValue)]) -> [UInt8] {
        assert(zip(members, members.dropFirst()).allSatisfy { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(members.reduce(2) { $0 + $1.key.utf8.count + 24 + valueSize($1.value) })
        for (position, member) in members.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            appendString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch member.value {
            case .string(let text): appendString(text, to: &out)
            case .integer(let number): out.append(contentsOf: String(number).utf8)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .null: out.append(contentsOf: "null".utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func valueSize(_ value: HandoffValue) -> Int {
        if case .string(let text) = value { text.utf8.count } else { 0 }
    }

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs without an escape (every byte of the usual names and URLs)
            // are copied in one go.
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                if byte < 0x20 {
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                } else {
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
