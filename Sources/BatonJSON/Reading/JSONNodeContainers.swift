/// `JSONNodeDecoder`'s keyed container: every lookup marks its member
/// used, which is what the check for unknown members reads.
struct JSONNodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONNodeObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.allKeysUsed().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object.value(for: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard case .null = try member(key) else { return false }
        return true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(T.self, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONNodeDecoder(value: member(key), parentPath: codingPath, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONNodeDecoder(value: member(key), parentPath: codingPath, key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { JSONNodeDecoder(value: .object(object), parentPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONNodeDecoder(value: try member(key), parentPath: codingPath, key: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, forKey: key) }

    private func value<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONNodeDecoder(value: member(key), parentPath: codingPath, key: key).decode(T.self)
    }

    private func member(_ key: Key) throws -> JSONNode {
        guard let value = object.value(for: key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \(key.stringValue)"))
        }
        return value
    }
}

/// `JSONNodeDecoder`'s container over an array.
struct JSONNodeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSONNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try item() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try itemDecoder().container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try itemDecoder().unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try itemDecoder()
        currentIndex += 1
        return decoder
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    private mutating func next<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try itemDecoder().decode(T.self)
        currentIndex += 1
        return decoded
    }

    private func item() throws -> JSONNode {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [StrictIndexKey(intValue: currentIndex)], debugDescription: "past the array's end")
            )
        }
        return items[currentIndex]
    }

    private func itemDecoder() throws -> JSONNodeDecoder {
        JSONNodeDecoder(value: try item(), parentPath: codingPath, key: StrictIndexKey(intValue: currentIndex))
    }
}

/// `JSONNodeDecoder`'s container for one value.
struct JSONNodeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONNodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        guard case .null = decoder.value else { return false }
        return true
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decode(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decode(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decode(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decode(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decode(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decode(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decode(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decode(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decode(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decode(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decode(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decode(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decode(type) }
}
