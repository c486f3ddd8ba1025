import Foundation

/// Decodes a request body into a `Decodable` type through
/// ``JSONParser``, and refuses members the type never asked for: a
/// typo such as `tll_seconds` must not silently become "no TTL given".
///
/// What counts as asked for is what the type's `init(from:)` looked up: a
/// synthesized conformance asks for each of its `CodingKeys` (optional ones
/// too), and a dictionary reads every key. So no type lists its fields
/// twice, and nested objects (a batch's items) are checked the same way.
/// Keys are matched as written; dates are the API's timestamps, with or
/// without fractional seconds (``JSONCoding/timestamp(from:)``).
public enum JSONModelDecoder {
    /// Why a body was refused beyond a `DecodingError`.
    public enum Failure: Error, Equatable {
        /// The parser refused the document.
        case parser(JSONParser.Failure)
        /// A member no decoded type asked for, at `path` (`invites.3.tll_seconds`).
        case unknownKey(path: String)
        /// A member of another type than asked for, at `path`; empty for the
        /// document itself (`StringMembersReader`'s form of a type mismatch).
        case wrongType(path: String)
    }

    /// `bytes` decoded as `T`.
    /// - Throws: `Failure`, or a `DecodingError` naming the failing field's path.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Failure.parser(error)
        }
        let value = try JSONNodeDecoder(value: root, parentPath: []).decode(T.self)
        if let path = firstUnusedKey(in: root, path: []) { throw Failure.unknownKey(path: JSONParser.dotted(path)) }
        return value
    }

    /// The path of the first member, in document order, of an object the
    /// decoded types read whose key they never asked for.
    private static func firstUnusedKey(in value: JSONNode, path: [String]) -> [String]? {
        switch value {
        case .object(let object):
            for position in object.keys.indices {
                let memberPath = path + [object.keys[position]]
                if object.opened, !object.used[position] { return memberPath }
                if let found = firstUnusedKey(in: object.values[position], path: memberPath) { return found }
            }
            return nil
        case .array(let items):
            for (position, item) in items.enumerated() {
                if let found = firstUnusedKey(in: item, path: path + [String(position)]) { return found }
            }
            return nil
        default:
            return nil
        }
    }
}

/// The `Decoder` over one parsed value.
struct JSONNodeDecoder: Decoder {
    let value: JSONNode
    /// The path to the value's container, and the value's own key in it:
    /// the full path is only built when asked for (an error, a nested
    /// container), so a member read as a string or number costs no list.
    let parentPath: [any CodingKey]
    var key: (any CodingKey)?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch(expected: [String: Any].self) }
        object.open()
        return KeyedDecodingContainer(JSONNodeKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch(expected: [Any].self) }
        return JSONNodeUnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { JSONNodeSingleValueContainer(decoder: self) }

    /// The value as `T`: a string, boolean, number or date directly,
    /// anything else through its own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch T.self {
        case is String.Type:
            guard case .string(let text) = value else { throw mismatch(expected: T.self) }
            return text as! T
        case is Bool.Type:
            guard case .bool(let flag) = value else { throw mismatch(expected: T.self) }
            return flag as! T
        case is Double.Type: return try decimal(Double.self) as! T
        case is Float.Type: return try decimal(Float.self) as! T
        case is Date.Type:
            guard case .string(let text) = value, let date = JSONCoding.timestamp(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected an ISO-8601 date-time"))
            }
            return date as! T
        case let integer as any FixedWidthInteger.Type: return try self.integer(integer) as! T
        default: return try T(from: self)
        }
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = value else { throw mismatch(expected: I.self) }
        guard let number = I(text, radix: 10) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected an integer that fits \(I.self)"))
        }
        return number
    }

    private func decimal<F: LosslessStringConvertible>(_ type: F.Type) throws -> F {
        guard case .number(let text) = value, let number = F(text) else { throw mismatch(expected: F.self) }
        return number
    }

    func mismatch(expected: Any.Type) -> DecodingError {
        .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kind)"))
    }
}

/// A coding key for array positions in coding paths.
struct StrictIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
