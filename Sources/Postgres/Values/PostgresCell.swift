/// One value of a result row, in binary format, as a decoder sees it.
///
/// `bytes` (and the column's name) point into the libpq result and are
/// valid only during the `PostgresDecodable.decode(from:)` call that
/// receives the cell.
public struct PostgresCell {
    /// The column's type.
    public let type: PostgresTypeOID
    /// The value's binary form; nil for SQL NULL.
    public let bytes: UnsafeRawBufferPointer?
    /// The name as libpq holds it: copied into a `String` only for an error,
    /// since a copy per decoded value was a visible part of each query.
    private let name: UnsafePointer<CChar>

    init(type: PostgresTypeOID, name: UnsafePointer<CChar>, bytes: UnsafeRawBufferPointer?) {
        self.type = type
        self.name = name
        self.bytes = bytes
    }

    /// An element of this cell's array, as its element decoder sees it:
    /// errors name this cell's column.
    func element(type: PostgresTypeOID, bytes: UnsafeRawBufferPointer?) -> PostgresCell {
        PostgresCell(type: type, name: name, bytes: bytes)
    }

    /// The column's name, for errors.
    public var columnName: String { String(cString: name) }

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
