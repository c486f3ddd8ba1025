import Foundation

extension JSONValue {
    /// `bytes` read as one JSON document by ``JSONParser``: a duplicate key,
    /// a number a double would not keep as written, invalid UTF-8, trailing
    /// bytes and nesting past ``JSONParser/maxDepth`` are refused.
    /// - Throws: the parser's ``JSONParser/Failure``.
    public init(parsing bytes: [UInt8]) throws(JSONParser.Failure) {
        let parsed = bytes.withUnsafeBytes { raw in Result { () throws(JSONParser.Failure) in try JSONParser.parse(raw) } }
        self.init(try parsed.get())
    }

    /// `text` read as ``init(parsing:)-([UInt8])`` reads its UTF-8 bytes.
    /// - Throws: the parser's ``JSONParser/Failure``.
    public init(parsing text: String) throws(JSONParser.Failure) {
        try self.init(parsing: Array(text.utf8))
    }

    private init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        // The parser checked the text against the grammar and a double's range.
        case .number(let text): self = Int(text).map(JSONValue.int) ?? .double(Double(text) ?? 0)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let object):
            self = .object(Dictionary(uniqueKeysWithValues: zip(object.keys, object.values.map(JSONValue.init))))
        }
    }

    /// Compact JSON with sorted keys and unescaped slashes, keys as they
    /// are (no case conversion): the form `jsonb` columns are written in.
    public func jsonText() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A tree of strings, finite numbers and containers always encodes.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
