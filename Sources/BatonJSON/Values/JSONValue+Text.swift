import Foundation

extension JSONValue {
    /// `bytes` read as one JSON document by ``JSONParser``: a duplicate key,
    /// invalid UTF-8, trailing bytes and nesting past ``JSONParser/maxDepth``
    /// are refused, and so is a number a double would not keep as written
    /// unless `checkingNumberRange` is false (JSON PostgreSQL already holds,
    /// or the server's own, whose numbers are kept as written).
    /// - Throws: the parser's ``JSONParser/Failure``.
    public init(parsing bytes: [UInt8], checkingNumberRange: Bool = true) throws(JSONParser.Failure) {
        let parsed = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONParser.parse(raw, checkingNumberRange: checkingNumberRange) }
        }
        self.init(try parsed.get())
    }

    /// `text` read as ``init(parsing:checkingNumberRange:)-([UInt8],_)`` reads its UTF-8 bytes.
    /// - Throws: the parser's ``JSONParser/Failure``.
    public init(parsing text: String, checkingNumberRange: Bool = true) throws(JSONParser.Failure) {
        try self.init(parsing: Array(text.utf8), checkingNumberRange: checkingNumberRange)
    }

    /// An object read back from a `jsonb` column: the empty object for
    /// `{}` without parsing (most invites carry no metadata, and a list
    /// holds up to 1,000 of them) and for text that is not a JSON object.
    /// Numbers are taken as PostgreSQL keeps them, past a double's exact
    /// range too, rather than dropping the whole object.
    public init(storedObject text: String) {
        guard text != "{}", let value = try? JSONValue(parsing: text, checkingNumberRange: false), case .object = value else {
            self = .object([:])
            return
        }
        self = value
    }

    /// The value of a parsed node; its numbers' text was checked against the grammar.
    init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        // The parser checked the text against the number grammar.
        case .number(let text): self = Int(text).map(JSONValue.int) ?? .double(Double(text) ?? 0)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let object):
            self = .object(Dictionary(uniqueKeysWithValues: zip(object.keys, object.values.map(JSONValue.init))))
        }
    }

    /// Compact JSON with keys sorted byte-wise and slashes unescaped, keys
    /// as they are (no case conversion), in ``JSONTextWriter``'s canonical
    /// form: what `jsonb` columns and signed tokens are written from.
    public func jsonText() -> String {
        var writer = JSONTextWriter()
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
