/// A JSON document in the one byte form webhooks are signed and sent in:
/// compact (no whitespace), each object's members ordered by the UTF-8
/// bytes of their keys, strings and numbers exactly as written.
///
/// It reads the text PostgreSQL prints for `jsonb` (an event body, a job's
/// arguments), whose objects come in `jsonb`'s own key order (shortest
/// first) with spaces after `:` and `,`, and writes it out in one pass, with
/// a copy per object whose keys need reordering: no tree of Foundation
/// values, no locale-aware key comparison. The same document always gives
/// the same bytes, so every attempt and redelivery of an event signs the
/// same body. Its top-level members can be read back (``string(_:)``,
/// ``member(_:)``).
///
/// Limits: nesting deeper than ``depthLimit``, or text that does not parse
/// as JSON, is refused (`init` returns nil); numbers are checked for their
/// characters only, and strings are copied with their escapes as written,
/// never decoded.
struct WebhookJSON: Sendable, Equatable {
    /// The canonical bytes.
    let bytes: [UInt8]
    /// The top-level object's members: key bytes (between the quotes, as
    /// written) and where the value's canonical bytes are in ``bytes``.
    private let members: [(key: ArraySlice<UInt8>, value: Range<Int>)]

    /// Deeper than PostgreSQL's output of an event ever is: an invite's
    /// metadata nests at most 16 levels, inside three of the body's own.
    static let depthLimit = 64

    /// The canonical form of the JSON text `text`; nil when it is not one
    /// JSON value (with nothing but whitespace after it) or nests too deep.
    init?(_ text: some Collection<UInt8>) {
        let input = Array(text)
        var writer = Writer(input: input)
        guard let top = writer.document() else { return nil }
        bytes = writer.out
        members = top.map { (input[$0.key], $0.value) }
    }

    static func == (left: WebhookJSON, right: WebhookJSON) -> Bool { left.bytes == right.bytes }

    /// The top-level member `key` as canonical bytes; nil when absent or when
    /// the document is not an object.
    func member(_ key: String) -> ArraySlice<UInt8>? {
        let name = Array(key.utf8)
        return members.first { $0.key.elementsEqual(name) }.map { bytes[$0.value] }
    }

    /// The top-level member `key` when it is a string without escapes (an
    /// id, a type); nil otherwise.
    func string(_ key: String) -> String? {
        guard let value = member(key), value.count >= 2, value.first == Self.quote, value.last == Self.quote else { return nil }
        let content = value.dropFirst().dropLast()
        guard !content.contains(Self.backslash) else { return nil }
        return String(decoding: content, as: UTF8.self)
    }

    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let backslash = UInt8(ascii: "\\")
}

extension WebhookJSON {
    /// One pass over the input, writing canonical bytes to `out`.
    fileprivate struct Writer {
        let input: [UInt8]
        var position = 0
        var out: [UInt8] = []

        init(input: [UInt8]) {
            self.input = input
            out.reserveCapacity(input.count)
        }

        /// The whole input as one value; the top-level members when it is an object.
        mutating func document() -> [(key: Range<Int>, value: Range<Int>)]? {
            skipSpace()
            var top: [(key: Range<Int>, value: Range<Int>)] = []
            guard value(depth: 0, top: &top) else { return nil }
            skipSpace()
            return position == input.count ? top : nil
        }

        /// Writes the value at `position`; at depth 0 an object's members are kept in `top`.
        private mutating func value(depth: Int, top: inout [(key: Range<Int>, value: Range<Int>)]) -> Bool {
            guard depth < WebhookJSON.depthLimit, position < input.count else { return false }
            switch input[position] {
            case UInt8(ascii: "{"): return object(depth: depth, top: &top)
            case UInt8(ascii: "["): return array(depth: depth)
            case WebhookJSON.quote:
                guard let string = string() else { return false }
                out += input[string]
                return true
            default: return scalar()
            }
        }

        private mutating func object(depth: Int, top: inout [(key: Range<Int>, value: Range<Int>)]) -> Bool {
            position += 1
            let start = out.count
            // Values are written as they come, then the object is rebuilt in key order.
            var members: [(key: Range<Int>, value: Range<Int>)] = []
            var ignored: [(key: Range<Int>, value: Range<Int>)] = []
            skipSpace()
            if position < input.count, input[position] == UInt8(ascii: "}") {
                position += 1
                out += [UInt8(ascii: "{"), UInt8(ascii: "}")]
                return true
            }
            while true {
                skipSpace()
                guard position < input.count, input[position] == WebhookJSON.quote, let key = string() else { return false }
                guard expect(UInt8(ascii: ":")) else { return false }
                skipSpace()
                let valueStart = out.count
                guard value(depth: depth + 1, top: &ignored) else { return false }
                members.append((key, valueStart..<out.count))
                skipSpace()
                guard position < input.count else { return false }
                position += 1
                if input[position - 1] == UInt8(ascii: "}") { break }
                guard input[position - 1] == UInt8(ascii: ",") else { return false }
            }
            let values = Array(out[start...])
            out.removeSubrange(start...)
            let input = self.input
            members.sort { input[$0.key].lexicographicallyPrecedes(input[$1.key]) }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += input[member.key]
                out.append(UInt8(ascii: ":"))
                if depth == 0 {
                    top.append(((member.key.lowerBound + 1)..<(member.key.upperBound - 1), out.count..<(out.count + member.value.count)))
                }
                out += values[(member.value.lowerBound - start)..<(member.value.upperBound - start)]
            }
            out.append(UInt8(ascii: "}"))
            return true
        }

        private mutating func array(depth: Int) -> Bool {
            position += 1
            out.append(UInt8(ascii: "["))
            var ignored: [(key: Range<Int>, value: Range<Int>)] = []
            skipSpace()
            if position < input.count, input[position] == UInt8(ascii: "]") {
                position += 1
                out.append(UInt8(ascii: "]"))
                return true
            }
            while true {
                skipSpace()
                guard value(depth: depth + 1, top: &ignored) else { return false }
                skipSpace()
                guard position < input.count else { return false }
                let next = input[position]
                position += 1
                out.append(next)
                if next == UInt8(ascii: "]") { return true }
                guard next == UInt8(ascii: ",") else { return false }
            }
        }

        /// The string at `position`, quotes included, escapes as written; moves past it.
        private mutating func string() -> Range<Int>? {
            let start = position
            position += 1
            while position < input.count {
                let byte = input[position]
                position += 1
                if byte == WebhookJSON.backslash {
                    position += 1
                } else if byte == WebhookJSON.quote {
                    return start..<position
                } else if byte < 0x20 {
                    return nil
                }
            }
            return nil
        }

        /// `true`, `false`, `null` or a number (checked for its characters
        /// only), copied as written.
        private mutating func scalar() -> Bool {
            let start = position
            while position < input.count, Self.isScalarByte(input[position]) { position += 1 }
            let token = input[start..<position]
            if token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || token.elementsEqual("null".utf8) {
                out += token
                return true
            }
            guard let first = token.first, first == UInt8(ascii: "-") || Self.isDigit(first),
                token.allSatisfy({ Self.isDigit($0) || Self.numberSigns.contains($0) })
            else { return false }
            out += token
            return true
        }

        private static let numberSigns: [UInt8] = Array("-+.eE".utf8)

        private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

        private static func isScalarByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || numberSigns.contains(byte)
        }

        private mutating func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard position < input.count, input[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipSpace() {
            while position < input.count {
                switch input[position] {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
                default: return
                }
            }
        }
    }
}
