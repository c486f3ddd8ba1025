/// Any JSON value, for what has no model type of its own: an invite's
/// `metadata` (kept as the caller sent it), an error's `details`, a client's
/// view of fields it does not model.
///
/// Booleans are told apart from numbers (decoding tries them first, and no
/// decoder reads `1` as `true`); a number that fits `Int` is an integer, any
/// other a `Double`. The server keeps numbers within a double's exact range
/// (``JSONParser``), so every reader gets the same value back.
public indirect enum JSONValue: Codable, Hashable, Sendable {
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
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes whichever JSON type is there.
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
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON type it holds.
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

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a whole `Int`, when this is a whole number within ±2^53.
    public var int: Int? {
        switch self {
        case .int(let value): value
        case .double(let value) where value.rounded() == value && abs(value) < 0x1p53: Int(value)
        default: nil
        }
    }

    /// The whole numbers of an array of them (`found`, `supported`); nil for anything else.
    public var ints: [Int]? {
        guard case .array(let values) = self else { return nil }
        let numbers = values.compactMap(\.int)
        return numbers.count == values.count ? numbers : nil
    }

    /// The strings of an array of them (`allowed`, `accepted`); nil for anything else.
    public var strings: [String]? {
        guard case .array(let values) = self else { return nil }
        let strings = values.compactMap(\.string)
        return strings.count == values.count ? strings : nil
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
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A fractional value.
    public init(floatLiteral value: Double) { self = .double(value) }
}
