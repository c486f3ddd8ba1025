import Foundation

/// A Swift type that a result column can be read as.
///
/// Decoding is strict: the column's type must be one the Swift type accepts
/// (say `int2`/`int4`/`int8` for `Int`), otherwise `decoding_type_mismatch`;
/// SQL NULL read as a non-optional type is `decoding_null`. Cast other types in
/// SQL (`numeric_col::text`, `date_col::timestamptz`).
public protocol PostgresDecodable {
    /// The value in `cell`, or a typed decoding error.
    static func decode(from cell: PostgresCell) throws(PostgresError) -> Self
}

extension String: PostgresDecodable {
    /// From `text`, `varchar`, `char(n)`, `name`, `json`, `jsonb` (its JSON
    /// text) and user-defined types such as enums (their label).
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> String {
        let bytes = try cell.nonNullBytes()
        if cell.type == .jsonb { return try PostgresJSON.decode(from: cell).text }
        guard cell.type.isTextual else { throw cell.mismatch() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Int64: PostgresDecodable {
    /// From `int2`, `int4` or `int8`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Int64 {
        let bytes = try cell.bytes(ofType: .int2, .int4, .int8)
        switch cell.type {
        case .int2: return Int64(try cell.integer(Int16.self, from: bytes))
        case .int4: return Int64(try cell.integer(Int32.self, from: bytes))
        default: return try cell.integer(Int64.self, from: bytes)
        }
    }
}

extension Int: PostgresDecodable {
    /// From `int2`, `int4` or `int8`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Int {
        Int(try Int64.decode(from: cell))
    }
}

extension Int32: PostgresDecodable {
    /// From `int2`, `int4`, or an `int8` whose value fits.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Int32 {
        guard let value = Int32(exactly: try Int64.decode(from: cell)) else { throw cell.mismatch() }
        return value
    }
}

extension Int16: PostgresDecodable {
    /// From `int2`, or an `int4` or `int8` whose value fits.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Int16 {
        guard let value = Int16(exactly: try Int64.decode(from: cell)) else { throw cell.mismatch() }
        return value
    }
}

extension Bool: PostgresDecodable {
    /// From `bool`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Bool {
        let bytes = try cell.bytes(ofType: .bool)
        guard bytes.count == 1 else { throw cell.mismatch() }
        return bytes[0] != 0
    }
}

extension Double: PostgresDecodable {
    /// From `float8`, or `float4` widened exactly.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Double {
        let bytes = try cell.bytes(ofType: .float4, .float8)
        if cell.type == .float4 {
            return Double(Float(bitPattern: try cell.integer(UInt32.self, from: bytes)))
        }
        return Double(bitPattern: try cell.integer(UInt64.self, from: bytes))
    }
}

extension Data: PostgresDecodable {
    /// From `bytea`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Data {
        Data(try cell.bytes(ofType: .bytea))
    }
}

extension UUID: PostgresDecodable {
    /// From `uuid`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> UUID {
        let bytes = try cell.bytes(ofType: .uuid)
        guard bytes.count == 16 else { throw cell.mismatch() }
        return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
    }
}

extension Date: PostgresDecodable {
    /// From `timestamptz`, to the microsecond; `±infinity` become
    /// `distantFuture`/`distantPast`.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Date {
        let bytes = try cell.bytes(ofType: .timestamptz)
        return PostgresTimestamp.date(fromMicroseconds: try cell.integer(Int64.self, from: bytes))
    }
}

extension Array: PostgresDecodable where Element: PostgresDecodable {
    /// From a one-dimensional (or empty) array of a type this module knows
    /// (`int8[]`, `text[]`, `uuid[]`, …), each element decoded as `Element`
    /// would decode a column of the element type: `[Int64]` reads `int4[]`,
    /// a NULL element needs an optional `Element` (else `decoding_null`).
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> [Element] {
        let bytes = try cell.nonNullBytes()
        guard cell.type.isArray else { throw cell.mismatch() }
        return try PostgresArray.decode(cell, bytes: bytes)
    }
}

extension PostgresDecodable where Self: RawRepresentable, RawValue == String {
    /// From a textual column (such as an enum label or a statement's
    /// outcome) holding one of the raw values; any other text is
    /// `decoding_unknown_value`, so a typo in SQL fails instead of passing
    /// for some other case.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Self {
        guard let value = Self(rawValue: try String.decode(from: cell)) else { throw cell.error(.decodingUnknownValue) }
        return value
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    /// nil for SQL NULL, otherwise the wrapped type's decoding.
    public static func decode(from cell: PostgresCell) throws(PostgresError) -> Wrapped? {
        guard cell.bytes != nil else { return nil }
        return try Wrapped.decode(from: cell)
    }
}
