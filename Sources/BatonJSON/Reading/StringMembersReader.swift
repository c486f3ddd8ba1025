import SafeText

/// Reads an object of a ``JSONStringShape`` straight from the bytes, in one
/// pass, without ``JSONModelDecoder``'s value tree and `Codable` layer:
/// what a redemption's body cost on its hottest route. It refuses every
/// body `JSONModelDecoder` refuses, with the same failure, chosen the same
/// way:
///
/// 1. the document's first fault in document order, at any depth, unknown
///    members' values included (malformed JSON, a duplicate key, a number
///    that would not be kept), as ``JSONParser`` finds it, which reads
///    every value this reader does not take itself;
/// 2. then the first member of another type (`null` is absent), in the
///    shape's order, as a synthesized `init(from:)` checks its keys; a
///    document that is not an object fails here with an empty path;
/// 3. then the first member the shape does not name, in document order.
///
/// Keys are compared as Swift strings, as the decoder's lookups compare them.
/// Memory is bounded by the input; nesting by ``JSONParser/maxDepth``.
public struct StringMembersReader {
    /// A member as read, before the checks that follow the parse.
    private enum Member<Value> {
        case absent
        case null
        case value(Value)
        case wrongType
    }

    /// One object as read.
    private struct Object {
        var strings: [Member<String>]
        var objects: [Member<Object>]
        /// The first member in document order, at any depth, the shape does not name.
        var firstUnknown: [String]?
    }

    private var scanner: JSONScanner

    /// `bytes` read as an object of `shape`.
    /// - Throws: `JSONModelDecoder.Failure`: `.parser`, `.wrongType` or `.unknownKey`.
    public static func read(_ shape: JSONStringShape, from bytes: UnsafeRawBufferPointer) throws(JSONModelDecoder.Failure)
        -> JSONStringMembers
    {
        var reader = StringMembersReader(scanner: JSONScanner(bytes))
        reader.scanner.skipWhitespace()
        guard reader.scanner.peek() == UInt8(ascii: "{") else {
            do throws(JSONParser.Failure) {
                _ = try JSONParser.parse(bytes)
            } catch {
                throw .parser(error)
            }
            throw .wrongType(path: "")
        }
        let object: Object
        do throws(JSONParser.Failure) {
            object = try reader.readObject(shape, path: [], depth: 1)
            reader.scanner.skipWhitespace()
            guard reader.scanner.index == bytes.count else { throw .malformed }
        } catch {
            throw .parser(error)
        }
        if let path = firstWrongType(in: object, shape: shape, path: []) { throw .wrongType(path: JSONParser.dotted(path)) }
        if let path = object.firstUnknown { throw .unknownKey(path: JSONParser.dotted(path)) }
        return members(of: object, shape: shape)
    }

    /// The object at the scanner, whose members' values are at `depth`.
    /// `path` (the object's own) is extended only for an error, a nested
    /// object or a value the parser reads, so a body of strings builds no list.
    private mutating func readObject(_ shape: JSONStringShape, path: [String], depth: Int) throws(JSONParser.Failure) -> Object {
        guard depth <= JSONParser.maxDepth else { throw .nestingTooDeep }
        scanner.index += 1
        var object = Object(
            strings: Array(repeating: .absent, count: shape.strings.count), objects: Array(repeating: .absent, count: shape.objects.count))
        var keys = JSONObjectKeys()
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "}") {
            scanner.index += 1
            return object
        }
        while true {
            scanner.skipWhitespace()
            let key = try readString()
            guard keys.insert(key) else { throw .duplicateKey(path: JSONParser.dotted(path + [key])) }
            scanner.skipWhitespace()
            guard scanner.next() == UInt8(ascii: ":") else { throw .malformed }
            scanner.skipWhitespace()
            if let position = shape.strings.firstIndex(of: key) {
                object.strings[position] = try readMember(opening: UInt8(ascii: "\""), at: path, key: key, depth: depth) {
                    reader throws(JSONParser.Failure) in
                    try reader.readString()
                }
            } else if let position = shape.objects.firstIndex(where: { $0.name == key }) {
                let nested = shape.objects[position].shape
                let member = try readMember(opening: UInt8(ascii: "{"), at: path, key: key, depth: depth) {
                    reader throws(JSONParser.Failure) in
                    try reader.readObject(nested, path: path + [key], depth: depth + 1)
                }
                if object.firstUnknown == nil, case .value(let read) = member { object.firstUnknown = read.firstUnknown }
                object.objects[position] = member
            } else {
                try parseValue(at: path + [key], depth: depth)
                if object.firstUnknown == nil { object.firstUnknown = path + [key] }
            }
            scanner.skipWhitespace()
            switch scanner.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return object
            default: throw .malformed
            }
        }
    }

    /// A known member's value: `null`, what `read` takes (a value whose
    /// first byte is `opening`), or anything else, checked by the parser and
    /// marked of the wrong type.
    private mutating func readMember<Value>(
        opening: UInt8, at path: [String], key: String, depth: Int,
        _ read: (inout StringMembersReader) throws(JSONParser.Failure) -> Value
    ) throws(JSONParser.Failure) -> Member<Value> {
        switch scanner.peek() {
        case UInt8(ascii: "n"):
            do throws(JSONScanner.Fault) {
                try scanner.readLiteral("null")
            } catch {
                throw .malformed
            }
            return .null
        case opening:
            return .value(try read(&self))
        default:
            try parseValue(at: path + [key], depth: depth)
            return .wrongType
        }
    }

    private mutating func readString() throws(JSONParser.Failure) -> String {
        do throws(JSONScanner.Fault) {
            return try scanner.readString()
        } catch {
            throw .malformed
        }
    }

    /// Has the parser read (and check) the value at the scanner.
    private mutating func parseValue(at path: [String], depth: Int) throws(JSONParser.Failure) {
        _ = try JSONParser.readValue(from: &scanner, path: path, depth: depth)
    }

    private static func firstWrongType(in object: Object, shape: JSONStringShape, path: [String]) -> [String]? {
        if let position = object.strings.firstIndex(where: { if case .wrongType = $0 { true } else { false } }) {
            return path + [shape.strings[position]]
        }
        for (member, (name, nested)) in zip(object.objects, shape.objects) {
            switch member {
            case .wrongType: return path + [name]
            case .value(let read): if let found = firstWrongType(in: read, shape: nested, path: path + [name]) { return found }
            case .absent, .null: continue
            }
        }
        return nil
    }

    private static func members(of object: Object, shape: JSONStringShape) -> JSONStringMembers {
        JSONStringMembers(
            shape: shape,
            strings: object.strings.map { if case .value(let text) = $0 { text } else { nil } },
            objects: zip(object.objects, shape.objects).map { member, declared in
                if case .value(let read) = member { members(of: read, shape: declared.shape) } else { nil }
            })
    }
}
