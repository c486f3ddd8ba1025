import Foundation

/// A JSON document sent as `jsonb` and read from `json` or `jsonb`, kept as
/// raw text: encode and decode it with `JSONEncoder`/`JSONDecoder` at the
/// caller, which knows its shape.
public struct PostgresJSON: Sendable, Hashable, PostgresBindable, PostgresDecodable {
    /// The JSON text, UTF-8.
    public var text: String

    /// A document from JSON text (the server validates it).
    public init(_ text: String) { self.text = text }
    /// A document from UTF-8 JSON bytes, such as `JSONEncoder` output.
    public init(_ data: Data) { self.text = String(decoding: data, as: UTF8.self) }

    /// The JSON as UTF-8 bytes, for `JSONDecoder`.
    public var data: Data { Data(text.utf8) }

    /// `jsonb`.
    public static var postgresType: PostgresTypeOID { .jsonb }

    /// `jsonb` binary format: version byte 1, then the text.
    public var postgresBinding: PostgresBinding {
        PostgresBinding(type: .jsonb, isBinary: true, bytes: [1] + Array(text.utf8))
    }

    /// From `jsonb` (version 1) or `json`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> PostgresJSON {
        let bytes = try cell.bytes(ofType: .jsonb, .json)
        guard cell.type == .jsonb else { return PostgresJSON(String(decoding: bytes, as: UTF8.self)) }
        guard bytes.first == 1 else { throw cell.mismatch() }
        return PostgresJSON(String(decoding: bytes.dropFirst(), as: UTF8.self))
    }
}
