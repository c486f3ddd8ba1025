/// Writes JSON text into a growing byte buffer in one canonical form:
/// no whitespace, object keys in byte-wise order, integers in decimal, and
/// strings with only the escapes JSON requires (quote, backslash, and C0
/// controls as `\u00XX`); slashes and non-ASCII text are written as they
/// are. The same value always gives the same bytes.
///
/// The handoff envelope's canonical writer spells its strings and integers
/// here, and ``JSONValue/jsonText()`` writes whole values with it. It does
/// not harden hidden characters: text a person will read goes through
/// `SafeText.hardenedJSON` (as `JSONCoding.encode` does).
public struct JSONTextWriter: Sendable {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// A writer whose buffer holds `capacity` bytes before it first grows.
    public init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte of punctuation (`{`, `,`, `:` …).
    public mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes that are JSON already, such as a key known to need no escape.
    public mutating func write(bytes raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends `value`: finite doubles as Swift spells them shortest
    /// (`0.1`, `1e-07`), which reads back to the same double; a non-finite
    /// one, which JSON cannot hold, as `null`.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): writeDecimal(Int64(number))
        case .double(let number): bytes.append(contentsOf: (number.isFinite ? number.description : "null").utf8)
        case .string(let text): writeString(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as a string literal. Runs without an escape (every
    /// byte of the usual names and URLs) are copied in one go.
    public mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { input in
            var runStart = 0
            for index in input.indices {
                let byte = input[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                runStart = index + 1
                if byte < 0x20 {
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0xF))
                } else {
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(byte)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `number` in decimal, as `String(number)` spells it: the digits
    /// are written last one first into a stack buffer (20 holds any `Int64`)
    /// and appended in one go, instead of through a `String` per number.
    public mutating func writeDecimal(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.endIndex
            var rest = number.magnitude
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
