import SafeText

/// Reads a request body as JSON (RFC 8259) and refuses what a lenient
/// reader lets through or silently changes: a duplicate key (a lenient
/// reader keeps one of them, a proxy or a logger in front of it may keep
/// the other), a number that a 64-bit double would not keep as written,
/// invalid UTF-8, lone surrogates, raw control characters in strings, and
/// trailing bytes.
///
/// Numbers: an integer must lie within ±(2^53 − 1); any other number may
/// have at most 15 significant digits and must be a finite, non-zero double
/// unless all its digits are zero. Within those bounds every JSON reader
/// (JavaScript's included) reads the same value back.
///
/// Strings, literals and whitespace are read by ``JSONScanner``. Nesting is
/// bounded (``maxDepth``), so hostile input cannot exhaust the stack; memory
/// is bounded by the input. A format with a narrower shape reads through
/// ``Limits``: the handoff envelope's flat objects of scalars are read by
/// ``parseFlatObject(_:maxMembers:)``, with this same grammar.
public struct JSONParser {
    /// Most levels of arrays and objects, as Foundation's decoder allows.
    public static let maxDepth = 512
    /// The largest integer every double holds exactly.
    public static let maxSafeInteger: UInt64 = (1 << 53) - 1
    /// Significant digits that always survive a trip through a double.
    public static let maxSignificantDigits = 15

    /// Why a body was refused.
    public enum Failure: Error, Equatable {
        /// Not JSON at all.
        case malformed
        /// Arrays and objects nested deeper than the document may hold.
        case nestingTooDeep
        /// An object with more members than the document may hold.
        case tooManyMembers
        /// A fraction or an exponent where the document holds only integers, at `path`.
        case notAnInteger(path: String)
        /// A key appears twice in one object, at `path`.
        case duplicateKey(path: String)
        /// A number that would not be read back as written, at `path`.
        case numberOutOfRange(path: String)
    }

    private var scanner: JSONScanner
    /// Keys and array positions from the document's root to the value being read.
    private var path: [String] = []
    /// What the document may hold beyond the grammar.
    private var limits = Limits.document

    /// Parses `bytes` as one JSON document.
    /// - Parameter checkingNumberRange: false for JSON read back from the
    ///   database, whose numbers were checked when they came in or were
    ///   written by the server itself.
    static func parse(_ bytes: UnsafeRawBufferPointer, checkingNumberRange: Bool = true) throws(Failure) -> JSONNode {
        var parser = JSONParser(scanner: JSONScanner(bytes))
        parser.limits.checksNumberRange = checkingNumberRange
        parser.scanner.skipWhitespace()
        let value = try parser.readValue(depth: 0)
        parser.scanner.skipWhitespace()
        guard parser.scanner.index == bytes.count else { throw .malformed }
        return value
    }

    /// Parses `bytes` as one object under ``Limits/flatObject(maxMembers:)``:
    /// its members by name.
    /// - Throws: ``Failure/malformed`` for anything but an object,
    ///   ``Failure/nestingTooDeep`` for a nested value,
    ///   ``Failure/tooManyMembers``, ``Failure/notAnInteger(path:)``, and
    ///   the failures of any document.
    public static func parseFlatObject(_ bytes: UnsafeRawBufferPointer, maxMembers: Int) throws(Failure) -> [String: JSONValue] {
        var parser = JSONParser(scanner: JSONScanner(bytes))
        parser.limits = .flatObject(maxMembers: maxMembers)
        parser.scanner.skipWhitespace()
        guard parser.scanner.peek() == UInt8(ascii: "{") else { throw .malformed }
        guard case .object(let object) = try parser.readValue(depth: 0) else { throw .malformed }
        parser.scanner.skipWhitespace()
        guard parser.scanner.index == bytes.count else { throw .malformed }
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(object.keys.count)
        for (key, value) in zip(object.keys, object.values) { members[key] = JSONValue(value) }
        return members
    }

    /// Reads the value at `scanner`'s position as part of a document: at
    /// `path`, inside `depth` levels of objects and arrays. For a reader
    /// that takes the members it knows itself and leaves the rest to this
    /// parser, so both refuse the same values with the same failure.
    static func readValue(from scanner: inout JSONScanner, path: [String], depth: Int) throws(Failure) -> JSONNode {
        var parser = JSONParser(scanner: scanner)
        parser.path = path
        let value = try parser.readValue(depth: depth)
        scanner = parser.scanner
        return value
    }

    private init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Runs one of the scanner's reads; its faults make the document malformed.
    private mutating func scanning<T>(_ read: (inout JSONScanner) throws(JSONScanner.Fault) -> T) throws(Failure) -> T {
        do {
            return try read(&scanner)
        } catch {
            throw .malformed
        }
    }

    private mutating func readValue(depth: Int) throws(Failure) -> JSONNode {
        guard let byte = scanner.peek() else { throw .malformed }
        switch byte {
        case UInt8(ascii: "\""): return .string(try scanning { scanner throws(JSONScanner.Fault) in try scanner.readString() })
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "t"):
            try scanning { scanner throws(JSONScanner.Fault) in try scanner.readLiteral("true") }
            return .bool(true)
        case UInt8(ascii: "f"):
            try scanning { scanner throws(JSONScanner.Fault) in try scanner.readLiteral("false") }
            return .bool(false)
        case UInt8(ascii: "n"):
            try scanning { scanner throws(JSONScanner.Fault) in try scanner.readLiteral("null") }
            return .null
        default: return .number(try readNumber())
        }
    }

    private mutating func readObject(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= limits.maxDepth else { throw .nestingTooDeep }
        scanner.index += 1
        var keys = JSONObjectKeys()
        var values: [JSONNode] = []
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.index += 1
            return .object(JSONNodeObject(keys: keys.keys, values: values, index: keys.index))
        }
        while true {
            scanner.skipWhitespace()
            let key = try scanning { scanner throws(JSONScanner.Fault) in try scanner.readString() }
            guard keys.insert(key) else { throw .duplicateKey(path: Self.dotted(path + [key])) }
            guard values.count < limits.maxMembers else { throw .tooManyMembers }
            scanner.skipWhitespace()
            guard scanner.next() == UInt8(ascii: ":") else { throw .malformed }
            scanner.skipWhitespace()
            path.append(key)
            values.append(try readValue(depth: depth))
            path.removeLast()
            scanner.skipWhitespace()
            switch scanner.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(JSONNodeObject(keys: keys.keys, values: values, index: keys.index))
            default: throw .malformed
            }
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= limits.maxDepth else { throw .nestingTooDeep }
        scanner.index += 1
        var items: [JSONNode] = []
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.index += 1
            return .array(items)
        }
        while true {
            scanner.skipWhitespace()
            path.append(String(items.count))
            items.append(try readValue(depth: depth))
            path.removeLast()
            scanner.skipWhitespace()
            switch scanner.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(items)
            default: throw .malformed
            }
        }
    }

    /// A number's text, checked against the grammar and the precision rule.
    private mutating func readNumber() throws(Failure) -> String {
        let number: JSONScanner.NumberSpan
        do { number = try scanner.scanNumber() } catch { throw .malformed }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: scanner.bytes[number.whole]), as: UTF8.self)
        let mantissa = UnsafeRawBufferPointer(rebasing: scanner.bytes[number.mantissa])
        guard number.isInteger || !limits.integersOnly else { throw .notAnInteger(path: Self.dotted(path)) }
        let isSafe = number.isInteger ? Self.isSafeInteger(mantissa) : Self.isSafeDecimal(mantissa, text: text)
        guard !limits.checksNumberRange || isSafe else { throw .numberOutOfRange(path: Self.dotted(path)) }
        return text
    }

    private static func isSafeInteger(_ digits: UnsafeRawBufferPointer) -> Bool {
        guard digits.count <= 16 else { return false }
        let magnitude = digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
        return magnitude <= maxSafeInteger
    }

    /// At most 15 significant digits (zeros before the first and after the
    /// last non-zero digit don't count), and a finite double that is zero
    /// only when every digit is.
    private static func isSafeDecimal(_ mantissa: UnsafeRawBufferPointer, text: String) -> Bool {
        let digits = mantissa.filter { $0 != UInt8(ascii: ".") }
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else { return true }
        guard last - first + 1 <= maxSignificantDigits, let value = Double(text) else { return false }
        return value.isFinite && value != 0 && !value.isSubnormal
    }

    /// A path as error details name it: `invites.3.metadata.n`.
    static func dotted(_ path: [String]) -> String { path.joined(separator: ".") }
}
