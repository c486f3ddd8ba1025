import BatonJSON
import SafeText

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
/// same body, and the event feed (`EventFeed`) hands out those bytes. Its top-level members can be read back (``string(_:)``,
/// ``member(_:)``).
///
/// Limits: nesting deeper than ``depthLimit``, or text that is not JSON
/// (read by `SafeText.JSONScanner`, the project's strict lexer: numbers
/// checked against the grammar, strings for their escapes and UTF-8), is
/// refused (`init` returns nil); strings are copied with their escapes as
/// written, never decoded, and keys are ordered by those bytes: a key with
/// an escape (PostgreSQL writes one for a quote, a backslash or a control
/// character) sorts by its backslash, not by the character it stands for.
public struct WebhookJSON: Sendable, Equatable {
    /// The canonical bytes.
    public let bytes: [UInt8]
    /// The top-level object's members: key bytes (between the quotes, as
    /// written) and where the value's canonical bytes are in ``bytes``.
    private let members: [(key: ArraySlice<UInt8>, value: Range<Int>)]

    /// Deeper than PostgreSQL's output of an event ever is: an invite's
    /// metadata nests at most 16 levels, inside three of the body's own.
    static let depthLimit = 64

    /// The canonical form of the JSON text `text`; nil when it is not one
    /// JSON value (with nothing but whitespace after it) or nests too deep.
    public init?(_ text: some Collection<UInt8>) {
        let input = Array(text)
        let written = input.withUnsafeBytes { raw -> (out: [UInt8], top: [Member])? in
            var writer = Writer(JSONScanner(raw))
            guard let top = try? writer.document() else { return nil }
            return (writer.out, top)
        }
        guard let written else { return nil }
        bytes = written.out
        members = written.top.map { (input[$0.key], $0.value) }
    }

    /// Equal when their canonical bytes are.
    public static func == (left: WebhookJSON, right: WebhookJSON) -> Bool { left.bytes == right.bytes }

    /// The top-level member `key` as canonical bytes; nil when absent or when
    /// the document is not an object.
    public func member(_ key: String) -> ArraySlice<UInt8>? {
        let name = Array(key.utf8)
        return members.first { $0.key.elementsEqual(name) }.map { bytes[$0.value] }
    }

    /// The top-level member `key` when it is a string without escapes (an
    /// id, a type); nil otherwise.
    public func string(_ key: String) -> String? {
        guard let value = member(key), value.count >= 2, value.first == Self.quote, value.last == Self.quote else { return nil }
        let content = value.dropFirst().dropLast()
        guard !content.contains(Self.backslash) else { return nil }
        return String(decoding: content, as: UTF8.self)
    }

    fileprivate static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
}

extension WebhookJSON {
    /// A member while its object is written: its key (between the quotes,
    /// in the input) and its value (in the output).
    fileprivate typealias Member = (key: Range<Int>, value: Range<Int>)

    /// One pass over the input, writing canonical bytes to `out`.
    fileprivate struct Writer {
        var scanner: JSONScanner
        var out: [UInt8] = []

        init(_ scanner: JSONScanner) {
            self.scanner = scanner
            out.reserveCapacity(scanner.bytes.count)
        }

        /// The whole input as one value; the top-level members when it is an object.
        mutating func document() throws(JSONScanner.Fault) -> [Member] {
            scanner.skipWhitespace()
            var top: [Member] = []
            try value(depth: 0, top: &top)
            scanner.skipWhitespace()
            guard scanner.peek() == nil else { throw JSONScanner.Fault("bytes after the JSON value") }
            return top
        }

        /// Writes the value at the scanner; at depth 0 an object's members are kept in `top`.
        private mutating func value(depth: Int, top: inout [Member]) throws(JSONScanner.Fault) {
            guard depth < WebhookJSON.depthLimit else { throw JSONScanner.Fault("JSON nested too deep") }
            switch scanner.peek() {
            case UInt8(ascii: "{"): try object(depth: depth, top: &top)
            case UInt8(ascii: "["): try array(depth: depth)
            case WebhookJSON.quote: copy(try scanner.skipString())
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: copy(try scanner.skipNumber())
            }
        }

        private mutating func object(depth: Int, top: inout [Member]) throws(JSONScanner.Fault) {
            try scanner.expect(UInt8(ascii: "{"))
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.index += 1
                out += [UInt8(ascii: "{"), UInt8(ascii: "}")]
                return
            }
            let start = out.count
            // Values are written as they come, then the object is rebuilt in key order.
            var members: [Member] = []
            var ignored: [Member] = []
            while true {
                scanner.skipWhitespace()
                let quoted = try scanner.skipString()
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"))
                scanner.skipWhitespace()
                let valueStart = out.count
                try value(depth: depth + 1, top: &ignored)
                members.append(((quoted.lowerBound + 1)..<(quoted.upperBound - 1), valueStart..<out.count))
                scanner.skipWhitespace()
                let next = scanner.next()
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw JSONScanner.Fault("expected ',' or '}' in JSON object") }
            }
            let values = Array(out[start...])
            out.removeSubrange(start...)
            let input = scanner.bytes
            members.sort { input[$0.key].lexicographicallyPrecedes(input[$1.key]) }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(WebhookJSON.quote)
                out += UnsafeRawBufferPointer(rebasing: input[member.key])
                out += [WebhookJSON.quote, UInt8(ascii: ":")]
                if depth == 0 { top.append((member.key, out.count..<(out.count + member.value.count))) }
                out += values[(member.value.lowerBound - start)..<(member.value.upperBound - start)]
            }
            out.append(UInt8(ascii: "}"))
        }

        private mutating func array(depth: Int) throws(JSONScanner.Fault) {
            try scanner.expect(UInt8(ascii: "["))
            out.append(UInt8(ascii: "["))
            var ignored: [Member] = []
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") {
                scanner.index += 1
                out.append(UInt8(ascii: "]"))
                return
            }
            while true {
                scanner.skipWhitespace()
                try value(depth: depth + 1, top: &ignored)
                scanner.skipWhitespace()
                let next = scanner.next()
                guard let next, next == UInt8(ascii: "]") || next == UInt8(ascii: ",") else {
                    throw JSONScanner.Fault("expected ',' or ']' in JSON array")
                }
                out.append(next)
                if next == UInt8(ascii: "]") { return }
            }
        }

        private mutating func literal(_ word: StaticString) throws(JSONScanner.Fault) {
            let start = scanner.index
            try scanner.readLiteral(word)
            copy(start..<scanner.index)
        }

        /// Copies input bytes to the output as written.
        private mutating func copy(_ range: Range<Int>) {
            out += UnsafeRawBufferPointer(rebasing: scanner.bytes[range])
        }
    }
}
