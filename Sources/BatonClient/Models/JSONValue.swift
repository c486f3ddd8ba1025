/// Any JSON value: an invite's `metadata`, an error's `details`, a
/// validated handoff's fields this client does not model. Numbers are
/// `Double` (the API keeps them within a double's exact range).
public enum JSONValue: Codable, Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes whichever JSON type is there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
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
        case .number(let value): try container.encode(value)
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

    /// The number as a whole `Int`, when this is a whole number in range.
    public var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 0x1p53 else { return nil }
        return Int(value)
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
}
