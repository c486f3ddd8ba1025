/// One value of a result row, in binary format, as a decoder sees it.
///
/// `bytes` points into the libpq result and is valid only during the
/// `PostgresDecodable.decode(from:)` call that receives the cell.
public struct PostgresCell {
    /// The column's type.
    public let type: PostgresTypeOID
    /// The column's name, for errors.
    public let columnName: String
    /// The value's binary form; nil for SQL NULL.
    public let bytes: UnsafeRawBufferPointer?

    /// The bytes, or `decoding_null`.
    public func nonNullBytes() throws(PostgresError) -> UnsafeRawBufferPointer {
        guard let bytes else { throw error(.decodingNull) }
        return bytes
    }

    /// The bytes of a non-NULL value whose type is one of `accepted`.
    public func bytes(ofType accepted: PostgresTypeOID...) throws(PostgresError) -> UnsafeRawBufferPointer {
        let bytes = try nonNullBytes()
        guard accepted.contains(type) else { throw mismatch() }
        return bytes
    }

    /// A big-endian integer of exactly `T`'s width.
    func integer<T: FixedWidthInteger>(_: T.Type, from bytes: UnsafeRawBufferPointer) throws(PostgresError) -> T {
        guard bytes.count == MemoryLayout<T>.size else { throw mismatch() }
        return T(bigEndian: bytes.loadUnaligned(as: T.self))
    }

    /// `decoding_type_mismatch` for this column.
    public func mismatch() -> PostgresError { error(.decodingTypeMismatch) }

    func error(_ code: PostgresError.Code) -> PostgresError {
        PostgresError(code, column: columnName)
    }
}
