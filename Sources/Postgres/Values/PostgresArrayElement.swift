import Foundation

/// A type whose values can be the elements of an array parameter: `[Int64]`
/// binds as `int8[]`, `[String?]` as `text[]` with NULL elements.
///
/// Arrays go in the binary array format with one dimension and lower bound 1
/// (see ``PostgresArray``), typed with ``postgresArrayType``, so SQL reads
/// them without casts: `WHERE id = ANY($1)`, or several columns at once with
/// `unnest($1::int8[], $2::text[], …)`. `Optional` elements are SQL NULL.
public protocol PostgresArrayElement: PostgresBindable {
    /// The OID of an array of this type, such as `int8[]`'s for `Int64`.
    static var postgresArrayType: PostgresTypeOID { get }
    /// The element OID written in the array's header; by default
    /// ``PostgresBindable/postgresType``.
    static var postgresElementType: PostgresTypeOID { get }
    /// Appends the value's binary form (that of its scalar binding) to
    /// `bytes`, or returns false and appends nothing for SQL NULL. Written
    /// straight into the array's buffer, not through a binding's own array.
    func appendPostgresElement(to bytes: inout [UInt8]) -> Bool
}

extension PostgresArrayElement {
    /// The scalar type.
    public static var postgresElementType: PostgresTypeOID { postgresType }
}

extension PostgresArrayElement where Self: FixedWidthInteger {
    /// Its bytes, big-endian.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        appendBigEndian(to: &bytes)
        return true
    }
}

extension Int: PostgresArrayElement {
    /// `int8[]`.
    public static var postgresArrayType: PostgresTypeOID { .int8Array }
    /// Eight bytes, big-endian, as an `int8`.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        Int64(self).appendBigEndian(to: &bytes)
        return true
    }
}

extension Int64: PostgresArrayElement {
    /// `int8[]`.
    public static var postgresArrayType: PostgresTypeOID { .int8Array }
}

extension Int32: PostgresArrayElement {
    /// `int4[]`.
    public static var postgresArrayType: PostgresTypeOID { .int4Array }
}

extension Int16: PostgresArrayElement {
    /// `int2[]`.
    public static var postgresArrayType: PostgresTypeOID { .int2Array }
}

extension Bool: PostgresArrayElement {
    /// `bool[]`.
    public static var postgresArrayType: PostgresTypeOID { .boolArray }
    /// One byte.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        bytes.append(self ? 1 : 0)
        return true
    }
}

extension Double: PostgresArrayElement {
    /// `float8[]`.
    public static var postgresArrayType: PostgresTypeOID { .float8Array }
    /// The IEEE 754 bit pattern, big-endian.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        bitPattern.appendBigEndian(to: &bytes)
        return true
    }
}

extension UUID: PostgresArrayElement {
    /// `uuid[]`.
    public static var postgresArrayType: PostgresTypeOID { .uuidArray }
    /// Its 16 bytes.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        withUnsafeBytes(of: uuid) { bytes.append(contentsOf: $0) }
        return true
    }
}

extension String: PostgresArrayElement {
    /// `text[]`.
    public static var postgresArrayType: PostgresTypeOID { .textArray }
    /// `text`: inside an array the element type must be named.
    public static var postgresElementType: PostgresTypeOID { .text }
    /// Its UTF-8 bytes. The server refuses an element containing NUL
    /// (`character_not_in_repertoire`, a `data_exception`).
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        bytes.append(contentsOf: utf8)
        return true
    }
}

extension Date: PostgresArrayElement {
    /// `timestamptz[]`.
    public static var postgresArrayType: PostgresTypeOID { .timestamptzArray }
    /// Microseconds since 2000-01-01 UTC, big-endian, as a `timestamptz`.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        PostgresTimestamp.microseconds(from: self).appendBigEndian(to: &bytes)
        return true
    }
}

extension Data: PostgresArrayElement {
    /// `bytea[]`.
    public static var postgresArrayType: PostgresTypeOID { .byteaArray }
    /// The bytes, raw.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        bytes.append(contentsOf: self)
        return true
    }
}

extension Optional: PostgresArrayElement where Wrapped: PostgresArrayElement {
    /// The wrapped type's array.
    public static var postgresArrayType: PostgresTypeOID { Wrapped.postgresArrayType }
    /// The wrapped type's element.
    public static var postgresElementType: PostgresTypeOID { Wrapped.postgresElementType }
    /// The wrapped value's bytes, or false for nil.
    public func appendPostgresElement(to bytes: inout [UInt8]) -> Bool {
        self?.appendPostgresElement(to: &bytes) ?? false
    }
}
