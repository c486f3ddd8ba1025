import Foundation

/// One parameter as it goes on the wire: its type OID, its format, its bytes
/// (nil for SQL NULL).
public struct PostgresBinding: Sendable, Equatable {
    /// The type the server is told; `.unspecified` lets it infer from context.
    public var type: PostgresTypeOID
    /// Binary (the type's `recv` format) or text (its input syntax).
    public var isBinary: Bool
    /// The value's bytes; nil is SQL NULL.
    public var bytes: [UInt8]?

    /// A binding; see the properties.
    public init(type: PostgresTypeOID, isBinary: Bool, bytes: [UInt8]?) {
        self.type = type
        self.isBinary = isBinary
        self.bytes = bytes
    }
}

extension PostgresBinding: PostgresBindable {
    /// Unspecified: a binding names its own type, so this types only the
    /// NULL of an absent one.
    public static var postgresType: PostgresTypeOID { .unspecified }
    /// Itself: a binding made by hand, such as ``bytea(_:)``, goes as it is.
    public var postgresBinding: PostgresBinding { self }

    /// `bytes` as `bytea`, as a `Data` binds, for bytes that are already an
    /// array (a hash): no copy into a `Data` and out again.
    public static func bytea(_ bytes: [UInt8]) -> PostgresBinding {
        PostgresBinding(type: .bytea, isBinary: true, bytes: bytes)
    }
}

/// A Swift value that can be sent as a statement parameter (`$1`, `$2`, …).
///
/// Values go in binary form with an explicit type, except `String`, which goes
/// as text with an unspecified type so the server can read it as whatever the
/// statement needs (text, an enum label, jsonb). `Optional.none` is SQL NULL
/// typed as its wrapped type. Arrays of a ``PostgresArrayElement`` go as the
/// matching array type.
public protocol PostgresBindable: Sendable {
    /// The type the server is told for values (and NULLs) of this type.
    static var postgresType: PostgresTypeOID { get }
    /// The value as a parameter.
    var postgresBinding: PostgresBinding { get }
}

extension FixedWidthInteger {
    fileprivate func bigEndianBinding(_ type: PostgresTypeOID) -> PostgresBinding {
        let bytes = withUnsafeBytes(of: bigEndian) { Array($0) }
        return PostgresBinding(type: type, isBinary: true, bytes: bytes)
    }
}

extension String: PostgresBindable {
    /// Unspecified: the server infers it.
    public static var postgresType: PostgresTypeOID { .unspecified }
    /// Text with an inferred type. A NUL byte cannot travel in text format:
    /// the query fails with `invalid_parameter` before anything is sent.
    public var postgresBinding: PostgresBinding {
        PostgresBinding(type: .unspecified, isBinary: false, bytes: Array(utf8))
    }
}

extension Int: PostgresBindable {
    /// `int8`.
    public static var postgresType: PostgresTypeOID { .int8 }
    /// Eight bytes, big-endian.
    public var postgresBinding: PostgresBinding { Int64(self).bigEndianBinding(.int8) }
}

extension Int64: PostgresBindable {
    /// `int8`.
    public static var postgresType: PostgresTypeOID { .int8 }
    /// Eight bytes, big-endian.
    public var postgresBinding: PostgresBinding { bigEndianBinding(.int8) }
}

extension Int32: PostgresBindable {
    /// `int4`.
    public static var postgresType: PostgresTypeOID { .int4 }
    /// Four bytes, big-endian.
    public var postgresBinding: PostgresBinding { bigEndianBinding(.int4) }
}

extension Int16: PostgresBindable {
    /// `int2`.
    public static var postgresType: PostgresTypeOID { .int2 }
    /// Two bytes, big-endian.
    public var postgresBinding: PostgresBinding { bigEndianBinding(.int2) }
}

extension Bool: PostgresBindable {
    /// `bool`.
    public static var postgresType: PostgresTypeOID { .bool }
    /// One byte.
    public var postgresBinding: PostgresBinding {
        PostgresBinding(type: .bool, isBinary: true, bytes: [self ? 1 : 0])
    }
}

extension Double: PostgresBindable {
    /// `float8`.
    public static var postgresType: PostgresTypeOID { .float8 }
    /// The IEEE 754 bit pattern, big-endian: exact.
    public var postgresBinding: PostgresBinding { bitPattern.bigEndianBinding(.float8) }
}

extension Data: PostgresBindable {
    /// `bytea`.
    public static var postgresType: PostgresTypeOID { .bytea }
    /// The bytes, raw.
    public var postgresBinding: PostgresBinding { .bytea(Array(self)) }
}

extension UUID: PostgresBindable {
    /// `uuid`.
    public static var postgresType: PostgresTypeOID { .uuid }
    /// Its 16 bytes.
    public var postgresBinding: PostgresBinding {
        let bytes = withUnsafeBytes(of: uuid) { Array($0) }
        return PostgresBinding(type: .uuid, isBinary: true, bytes: bytes)
    }
}

extension Date: PostgresBindable {
    /// `timestamptz`.
    public static var postgresType: PostgresTypeOID { .timestamptz }
    /// Microseconds since 2000-01-01 UTC, rounded to the nearest.
    public var postgresBinding: PostgresBinding {
        PostgresTimestamp.microseconds(from: self).bigEndianBinding(.timestamptz)
    }
}

extension Array: PostgresBindable where Element: PostgresArrayElement {
    /// The element type's array, such as `int8[]` for `[Int64]`.
    public static var postgresType: PostgresTypeOID { Element.postgresArrayType }
    /// One dimension, lower bound 1; nil elements are NULL. An empty array
    /// has no dimensions, as the server's own empty arrays.
    public var postgresBinding: PostgresBinding {
        PostgresBinding(type: Element.postgresArrayType, isBinary: true, bytes: PostgresArray.encode(self))
    }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    /// The wrapped type's.
    public static var postgresType: PostgresTypeOID { Wrapped.postgresType }
    /// The wrapped value, or SQL NULL typed as the wrapped type.
    public var postgresBinding: PostgresBinding {
        self?.postgresBinding ?? PostgresBinding(type: Wrapped.postgresType, isBinary: false, bytes: nil)
    }
}
