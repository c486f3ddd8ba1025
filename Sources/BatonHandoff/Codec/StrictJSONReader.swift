/// Reads one flat JSON object (RFC 8259) and refuses everything a lenient
/// reader lets through: duplicate keys, nested objects or arrays, fractions,
/// exponents and integers beyond ±(2^53 − 1), invalid UTF-8, lone surrogates,
/// raw control characters, and trailing bytes.
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

    private let bytes: [UInt8]
    private var index = 0

    /// Parses `bytes` as one flat object; a fault throws `handoff_malformed`.
    static func object(from bytes: [UInt8]) throws(HandoffError) -> HandoffFields {
        var reader = StrictJSONReader(bytes: bytes)
        return try reader.readDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readDocument() throws(HandoffError) -> HandoffFields {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        var fields = HandoffFields()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            try readMembers(into: &fields)
        }
        skipWhitespace()
        guard index == bytes.count else { throw Self.fault("bytes after the JSON object") }
        return fields
    }

    private mutating func readMembers(into fields: inout HandoffFields) throws(HandoffError) {
        var count = 0
        while true {
            skipWhitespace()
            let key = try readString()
            guard fields[key] == nil else { throw Self.fault("duplicate JSON key") }
            count += 1
            guard count <= Self.maxMembers else { throw Self.fault("too many JSON members") }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            fields[key] = try readValue()
            skipWhitespace()
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw Self.fault("expected ',' or '}' in JSON object")
            }
        }
    }

    private mutating func readValue() throws(HandoffError) -> HandoffValue {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw Self.fault("nested JSON is not allowed")
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default: return .integer(try readInteger())
        }
    }

    private mutating func readInteger() throws(HandoffError) -> Int64 {
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            index += 1
            guard index - start <= Self.maxDigits else { throw Self.fault("JSON number out of range") }
        }
        let digits = bytes[start..<index]
        guard !digits.isEmpty else { throw Self.fault("invalid JSON value") }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else { throw Self.fault("JSON number with a leading zero") }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw Self.fault("JSON number is not an integer")
        }
        let magnitude = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        return negative ? -magnitude : magnitude
    }

    private mutating func readLiteral(_ word: StaticString) throws(HandoffError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw Self.fault("invalid JSON value")
        }
        index += expected.count
    }

    private mutating func readString() throws(HandoffError) -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while true {
            let plainStart = index
            while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                index += 1
            }
            utf8.append(contentsOf: bytes[plainStart..<index])
            guard let byte = next() else { throw Self.fault("unterminated JSON string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard UTF8Validation.isValid(utf8) else { throw Self.fault("invalid UTF-8") }
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): try readEscape(into: &utf8)
            default: throw Self.fault("raw control character in a JSON string")
            }
        }
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(HandoffError) {
        switch next() {
        case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: try readUnicodeEscape())
        default: throw Self.fault("invalid JSON escape")
        }
    }

    /// `\uXXXX`, or a surrogate pair `\uD8xx\uDCxx`, as UTF-8.
    private mutating func readUnicodeEscape() throws(HandoffError) -> [UInt8] {
        let first = try readHex4()
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else { throw Self.fault("lone surrogate in JSON string") }
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw Self.fault("lone surrogate in JSON string") }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Self.fault("lone surrogate in JSON string") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func readHex4() throws(HandoffError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next(), let digit = Self.hexValue(byte) else { throw Self.fault("invalid JSON escape") }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(HandoffError) {
        guard next() == byte else { throw Self.fault("invalid JSON") }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private static func fault(_ reason: String) -> HandoffError {
        .malformed(reason: reason)
    }
}
