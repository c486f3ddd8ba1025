/// Writes a flat object as canonical JSON: members in byte-wise sorted key
/// order, no whitespace, integers in decimal, and strings with only the
/// escapes JSON requires (quote, backslash, and C0 controls as `\u00XX`), so
/// the same fields always give the same bytes.
///
/// Several objects can be written one after the other into the same buffer:
/// the minting path writes its header and payload into one allocation.
struct CanonicalJSONWriter: CanonicalMemberSink {
    /// Everything written so far.
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// A writer whose buffer holds `capacity` bytes before it first grows.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The object of `fields`, its keys sorted.
    static func bytes(of fields: HandoffFields) -> [UInt8] {
        let members = fields.sortedMembers
        var writer = CanonicalJSONWriter(capacity: capacity(for: members))
        writer.open()
        for (key, value) in members { writer.member(key, value) }
        writer.close()
        return writer.bytes
    }

    /// Starts an object; its members must then come in canonical key order.
    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object.
    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func member(_ key: StaticString, _ text: String) {
        appendKey(key)
        appendString(text)
    }

    mutating func member(_ key: StaticString, _ number: Int64) {
        appendKey(key)
        appendDecimal(number)
    }

    /// A member whose key came from outside: escaped like any string.
    mutating func member(_ key: String, _ value: HandoffValue) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        switch value {
        case .string(let text): appendString(text)
        case .integer(let number): appendDecimal(number)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Room for an object of `members` unless its strings need escapes.
    static func capacity(for members: [(key: String, value: HandoffValue)]) -> Int {
        members.reduce(2) { total, member in
            let valueBytes = if case .string(let text) = member.value { text.utf8.count } else { 0 }
            return total + member.key.utf8.count + 24 + valueBytes
        }
    }

    /// `,"key":` (no comma before the first member): fixed keys are plain ASCII.
    /// Punctuation goes in byte by byte: appending a `String`'s UTF-8 view
    /// took the generic path and cost more than the key itself.
    private mutating func appendKey(_ key: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { name in
            assert(name.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            bytes.append(contentsOf: name)
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `number` in decimal, as `String(number)` spells it: the digits are
    /// written last one first into a stack buffer (20 holds any `Int64`)
    /// and appended in one go, instead of through a `String` per number.
    private mutating func appendDecimal(_ number: Int64) {
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

    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { input in
            // Runs without an escape (every byte of the usual names and URLs)
            // are copied in one go.
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

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
