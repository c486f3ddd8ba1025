/// The lexical half of a strict JSON reader (RFC 8259): strings, literals,
/// digits and whitespace, over bytes the caller holds. The handoff
/// envelope's flat reader and the API's request-body reader are built on it,
/// each adding its own grammar and limits, so both refuse the same things:
/// invalid UTF-8 (overlong forms, surrogates, scalars above U+10FFFF), lone
/// surrogate escapes, raw control characters and unknown escapes.
///
/// A string it returns is never longer than the bytes it came from.
public struct JSONScanner {
    /// Why the bytes are not JSON; `reason` is a short fixed phrase, never
    /// the input.
    public struct Fault: Error, Equatable {
        /// Such as `invalid JSON escape`.
        public let reason: String

        /// A fault for `reason`.
        public init(_ reason: String) {
            self.reason = reason
        }
    }

    /// The bytes being read.
    public let bytes: UnsafeRawBufferPointer
    /// The position of the next byte to read.
    public var index = 0

    /// A scanner at the start of `bytes`, which must stay valid while it is used.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The next byte, not consumed; nil at the end.
    public func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Consumes and returns the next byte; nil at the end.
    public mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    public mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// Consumes `byte`.
    /// - Throws: `invalid JSON` when the next byte is another.
    public mutating func expect(_ byte: UInt8) throws(Fault) {
        guard next() == byte else { throw Fault("invalid JSON") }
    }

    /// Consumes `word` (`true`, `false` or `null`).
    /// - Throws: `invalid JSON value` when the bytes are not it.
    public mutating func readLiteral(_ word: StaticString) throws(Fault) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw Fault("invalid JSON value")
        }
        index += expected.count
    }

    /// Skips decimal digits; returns how many.
    public mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// Reads a string, from its opening quote to its closing one.
    /// - Throws: a fault for anything RFC 8259 or UTF-8 refuses.
    public mutating func readString() throws(Fault) -> String {
        try expect(UInt8(ascii: "\""))
        let plainStart = index
        while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        // Most strings hold no escape: validated and copied once, straight from the bytes.
        if peek() == UInt8(ascii: "\"") {
            index += 1
            let plain = UnsafeRawBufferPointer(rebasing: bytes[plainStart..<index - 1])
            guard Self.isValidUTF8(plain) else { throw Fault("invalid UTF-8") }
            return String(decoding: plain, as: UTF8.self)
        }
        var utf8 = Array(bytes[plainStart..<index])
        while true {
            guard let byte = next() else { throw Fault("unterminated JSON string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard Self.isValidUTF8(utf8) else { throw Fault("invalid UTF-8") }
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"): try readEscape(into: &utf8)
            case 0..<0x20: throw Fault("raw control character in a JSON string")
            default: utf8.append(byte)
            }
        }
    }

    /// Moves past a string without decoding it, refusing what ``readString()``
    /// refuses, for a reader that copies strings as written.
    /// - Returns: where the string is in ``bytes``, both quotes included.
    /// - Throws: a fault for anything RFC 8259 or UTF-8 refuses.
    public mutating func skipString() throws(Fault) -> Range<Int> {
        let start = index
        try expect(UInt8(ascii: "\""))
        // Escapes are checked by decoding each into this scratch buffer, which is then dropped.
        var decoded: [UInt8] = []
        while true {
            guard let byte = next() else { throw Fault("unterminated JSON string") }
            switch byte {
            case UInt8(ascii: "\""):
                guard Self.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[start + 1..<index - 1])) else {
                    throw Fault("invalid UTF-8")
                }
                return start..<index
            case UInt8(ascii: "\\"):
                decoded.removeAll(keepingCapacity: true)
                try readEscape(into: &decoded)
            case 0..<0x20: throw Fault("raw control character in a JSON string")
            default: continue
            }
        }
    }

    /// Moves past a number, checked against RFC 8259's grammar: an optional
    /// `-`, an integer part without a leading zero, an optional fraction and
    /// an optional exponent, each with at least one digit.
    /// - Returns: where the number is in ``bytes``.
    /// - Throws: `invalid JSON number` when the bytes do not start with one.
    public mutating func skipNumber() throws(Fault) -> Range<Int> {
        try scanNumber().whole
    }

    /// Where a JSON number's parts are, as ``scanNumber()`` found them.
    public struct NumberSpan: Sendable {
        /// The whole number, sign and exponent included.
        public var whole: Range<Int>
        /// The digits and decimal point, without sign or exponent.
        public var mantissa: Range<Int>
        /// Whether it has neither a fraction nor an exponent.
        public var isInteger: Bool
    }

    /// Reads a number by RFC 8259's grammar (no leading zeros, no `+`, no
    /// bare `.`): the one number grammar every reader here uses.
    public mutating func scanNumber() throws(Fault) -> NumberSpan {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = skipDigits()
        guard integerDigits == 1 || (integerDigits > 1 && bytes[integerStart] != UInt8(ascii: "0")) else {
            throw Fault("invalid JSON number")
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw Fault("invalid JSON number") }
            isInteger = false
        }
        let mantissaEnd = index
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw Fault("invalid JSON number") }
            isInteger = false
        }
        return NumberSpan(whole: start..<index, mantissa: integerStart..<mantissaEnd, isInteger: isInteger)
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(Fault) {
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
        default: throw Fault("invalid JSON escape")
        }
    }

    /// `\uXXXX`, or a surrogate pair `\uD8xx\uDCxx`, as UTF-8.
    private mutating func readUnicodeEscape() throws(Fault) -> String.UTF8View {
        let first = try readHex4()
        var value = first
        if (0xD800...0xDBFF).contains(first) {
            guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u") else { throw Fault("lone surrogate in JSON string") }
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw Fault("lone surrogate in JSON string") }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Fault("lone surrogate in JSON string") }
        return String(Character(scalar)).utf8
    }

    private mutating func readHex4() throws(Fault) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next(), let digit = Self.hexValue(byte) else { throw Fault("invalid JSON escape") }
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

    /// Strict UTF-8 validation: overlong forms, surrogates and scalars above
    /// U+10FFFF are invalid, as the Unicode standard requires.
    private static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
