import BatonJSON

/// Writes a flat object as canonical JSON: members in byte-wise sorted key
/// order, no whitespace, and strings and integers as BatonJSON's
/// `JSONTextWriter` spells them (only the escapes JSON requires), so the
/// same fields always give the same bytes.
///
/// Several objects can be written one after the other into the same buffer:
/// the minting path writes its header and payload into one allocation.
struct CanonicalJSONWriter: CanonicalMemberSink {
    private var text: JSONTextWriter
    private var needsComma = false

    /// Everything written so far.
    var bytes: [UInt8] { text.bytes }

    /// A writer whose buffer holds `capacity` bytes before it first grows.
    init(capacity: Int) {
        text = JSONTextWriter(capacity: capacity)
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
        text.write(byte: UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the object.
    mutating func close() {
        text.write(byte: UInt8(ascii: "}"))
    }

    mutating func member(_ key: StaticString, _ text: String) {
        appendKey(key)
        self.text.writeString(text)
    }

    mutating func member(_ key: StaticString, _ number: Int64) {
        appendKey(key)
        text.writeDecimal(number)
    }

    /// A member whose key came from outside: escaped like any string.
    mutating func member(_ key: String, _ value: JSONValue) {
        if needsComma { text.write(byte: UInt8(ascii: ",")) }
        needsComma = true
        text.writeString(key)
        text.write(byte: UInt8(ascii: ":"))
        text.write(value)
    }

    /// Room for an object of `members` unless its strings need escapes.
    static func capacity(for members: [(key: String, value: JSONValue)]) -> Int {
        members.reduce(2) { total, member in
            let valueBytes = if case .string(let text) = member.value { text.utf8.count } else { 0 }
            return total + member.key.utf8.count + 24 + valueBytes
        }
    }

    /// `,"key":` (no comma before the first member): fixed keys are plain ASCII.
    /// Punctuation goes in byte by byte: appending a `String`'s UTF-8 view
    /// took the generic path and cost more than the key itself.
    private mutating func appendKey(_ key: StaticString) {
        if needsComma { text.write(byte: UInt8(ascii: ",")) }
        needsComma = true
        text.write(byte: UInt8(ascii: "\""))
        key.withUTF8Buffer { name in
            assert(name.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            text.write(bytes: name)
        }
        text.write(byte: UInt8(ascii: "\""))
        text.write(byte: UInt8(ascii: ":"))
    }
}
