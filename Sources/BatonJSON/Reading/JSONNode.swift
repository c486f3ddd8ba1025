/// A JSON document as ``JSONParser`` read it, for ``JSONModelDecoder``.
/// Numbers keep their text, so each is converted once, to the type asked for.
enum JSONNode {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object(JSONNodeObject)

    /// What the value is, for a type mismatch's message.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One JSON object: its members in document order, and which of them the
/// type being decoded asked for. A class, because the decoder's containers
/// mark members used while decoding, and the check for unknown members
/// reads the marks afterwards.
final class JSONNodeObject {
    /// Objects with more members than this are looked up through a dictionary.
    private static let linearLookupLimit = 8

    let keys: [String]
    let values: [JSONNode]
    /// Whether the decoded type asked for each member (by name, or through `allKeys`).
    private(set) var used: [Bool]
    /// Whether the decoded type read this object as a keyed container at all.
    private(set) var opened = false
    private let index: [String: Int]

    /// An object of `keys` (no duplicates; the parser refuses them) and `values`.
    init(keys: [String], values: [JSONNode], index: [String: Int]) {
        self.keys = keys
        self.values = values
        self.index = index
        used = Array(repeating: false, count: keys.count)
    }

    /// The position of `key`, or nil.
    static func position(of key: String, in keys: [String], index: [String: Int]) -> Int? {
        keys.count > linearLookupLimit ? index[key] : keys.firstIndex(of: key)
    }

    /// Whether a lookup through `index` is needed for an object of `count` members.
    static func needsIndex(count: Int) -> Bool { count > linearLookupLimit }

    /// The value of `key`, marking it used; nil when absent.
    func value(for key: String) -> JSONNode? {
        guard let position = Self.position(of: key, in: keys, index: index) else { return nil }
        used[position] = true
        return values[position]
    }

    /// Every key, all marked used (a dictionary reads them all).
    func allKeysUsed() -> [String] {
        used = Array(repeating: true, count: keys.count)
        return keys
    }

    /// Records that the object was read as a keyed container.
    func open() { opened = true }
}
