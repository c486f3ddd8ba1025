/// One row of `PostgresRows`; read its columns by position or name.
///
/// ```swift
/// let id: UUID = try row.decode(column: "id")
/// let name = try row.decode(String?.self, at: 1)
/// ```
public struct PostgresRow: Sendable {
    let rows: PostgresRows
    let index: Int

    /// The value of the column at `position` (0-based) as `T`.
    /// Errors: `column_missing`, `decoding_null`, `decoding_type_mismatch`.
    public func decode<T: PostgresDecodable>(_ type: T.Type = T.self, at position: Int) throws(PostgresError) -> T {
        try rows.decode(type, row: index, column: position)
    }

    /// The value of the column called `name` as `T` (the first such column).
    /// Errors: `column_missing`, `decoding_null`, `decoding_type_mismatch`.
    public func decode<T: PostgresDecodable>(_ type: T.Type = T.self, column name: String) throws(PostgresError) -> T {
        try rows.decode(type, row: index, column: try rows.columnIndex(name))
    }
}
