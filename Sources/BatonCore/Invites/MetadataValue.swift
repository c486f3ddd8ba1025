import Foundation

/// A JSON value of an invite's `metadata`, kept as the caller sent it.
///
/// Booleans are told apart from numbers (decoding tries them first, and
/// Foundation's decoder never reads `1` as `true`); integers that fit `Int`
/// stay integers, other numbers become `Double`.
public indirect enum MetadataValue: Codable, Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number that fits `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([MetadataValue])
    /// An object.
    case object([String: MetadataValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([MetadataValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MetadataValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Levels of arrays and objects: 0 for a scalar.
    public var depth: Int {
        switch self {
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }

    /// Whether a key or a string anywhere inside holds U+0000, which
    /// PostgreSQL's `jsonb` cannot store.
    public var containsNUL: Bool {
        switch self {
        case .string(let text): text.utf8.contains(0)
        case .array(let items): items.contains { $0.containsNUL }
        case .object(let members): members.contains { $0.key.utf8.contains(0) || $0.value.containsNUL }
        default: false
        }
    }

    /// Compact JSON with sorted keys, as stored in `baton.invites.metadata`.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a tree of strings, finite numbers and containers cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Parses stored JSON text (a `jsonb` column); an empty object when it is not JSON.
    public static func parse(_ text: String) -> MetadataValue {
        // Most invites carry no metadata; skip the decoder for them (batches of 1,000).
        if text == "{}" { return .object([:]) }
        return (try? JSONDecoder().decode(MetadataValue.self, from: Data(text.utf8))) ?? .object([:])
    }
}
