/// One row of `PostgresRows`; read its columns by position or name.
///
/// ```swift
/// let id: UUID = try row.decode(column: "id")
/// let name = try row.decode(String?.self, at: 1)
/// ```
public struct PostgresRow: Sendable {
    @usableFromInline let rows: PostgresRows
    @usableFromInline let index: Int

    /// The value of the column at `position` (0-based) as `T`.
    /// Errors: `column_missing`, `decoding_null`, `decoding_type_mismatch`.
    @inlinable
    public func decode<T: PostgresDecodable>(_ type: T.Type = T.self, at position: Int) throws(PostgresError) -> T {
        // The cell points into the rows' libpq result: keep it until decoded.
        defer { withExtendedLifetime(rows) {} }
        return try T.decode(from: rows.cell(row: index, column: position))
    }

    /// The value of the column called `name` as `T` (the first such column).
    /// Errors: `column_missing`, `decoding_null`, `decoding_type_mismatch`.
    public func decode<T: PostgresDecodable>(_ type: T.Type = T.self, column name: String) throws(PostgresError) -> T {
        try decode(type, at: try rows.columnIndex(name))
    }
}
