import BatonJSON
import SafeText

/// Reads one flat JSON object (RFC 8259) and refuses everything a lenient
/// reader lets through: duplicate keys, nested objects or arrays, fractions,
/// exponents and integers beyond ±(2^53 − 1), invalid UTF-8, lone surrogates,
/// raw control characters, and trailing bytes (strings, literals and
/// whitespace are read by `SafeText.JSONScanner`).
///
/// Flat by design: the envelope schema has no nesting, so the reader never
/// recurses and deeply nested hostile input is refused at its first bracket.
/// Memory is bounded by the input: the strings it returns are never longer
/// than the bytes they came from.
struct StrictJSONReader {
    /// Most members an object may have; the schema needs about ten.
    static let maxMembers = 64
    /// Most digits of an integer: 15 keeps every value below 2^53.
    static let maxDigits = 15

    private var scanner: JSONScanner

    /// Parses `bytes` as one flat object; a fault throws `handoff_malformed`.
    static func object(from bytes: [UInt8]) throws(HandoffError) -> HandoffFields {
        let read = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONScanner.Fault) in
                var reader = StrictJSONReader(scanner: JSONScanner(raw))
                return try reader.readDocument()
            }
        }
        return try read.mapError { HandoffError.malformed(reason: $0.reason) }.get()
    }

    private mutating func readDocument() throws(JSONScanner.Fault) -> HandoffFields {
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "{"))
        var fields = HandoffFields()
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.index += 1
        } else {
            try readMembers(into: &fields)
        }
        scanner.skipWhitespace()
        guard scanner.index == scanner.bytes.count else { throw JSONScanner.Fault("bytes after the JSON object") }
        return fields
    }

    private mutating func readMembers(into fields: inout HandoffFields) throws(JSONScanner.Fault) {
        var count = 0
        while true {
            scanner.skipWhitespace()
            let key = try scanner.readString()
            guard fields[key] == nil else { throw JSONScanner.Fault("duplicate JSON key") }
            count += 1
            guard count <= Self.maxMembers else { throw JSONScanner.Fault("too many JSON members") }
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"))
            scanner.skipWhitespace()
            fields[key] = try readValue()
            scanner.skipWhitespace()
            switch scanner.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw JSONScanner.Fault("expected ',' or '}' in JSON object")
            }
        }
    }

    private mutating func readValue() throws(JSONScanner.Fault) -> HandoffValue {
        switch scanner.peek() {
        case UInt8(ascii: "\""): return .string(try scanner.readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw JSONScanner.Fault("nested JSON is not allowed")
        case UInt8(ascii: "t"):
            try scanner.readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try scanner.readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try scanner.readLiteral("null")
            return .null
        default: return .integer(try readInteger())
        }
    }

    private mutating func readInteger() throws(JSONScanner.Fault) -> Int64 {
        let negative = scanner.peek() == UInt8(ascii: "-")
        if negative { scanner.index += 1 }
        let start = scanner.index
        guard scanner.skipDigits() <= Self.maxDigits else { throw JSONScanner.Fault("JSON number out of range") }
        let digits = scanner.bytes[start..<scanner.index]
        guard !digits.isEmpty else { throw JSONScanner.Fault("invalid JSON value") }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else { throw JSONScanner.Fault("JSON number with a leading zero") }
        if let byte = scanner.peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw JSONScanner.Fault("JSON number is not an integer")
        }
        let magnitude = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        return negative ? -magnitude : magnitude
    }
}
