/// One row of `PostgresRows`; read its columns by name, or by position
/// where the statement sits beside its reader.
///
/// ```swift
/// let id = try row.decode(UUID.self, "id")
/// let name: String? = try row.decode("family_name")
/// let count = try row.decode(Int.self, at: 0)
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

    /// The value of the column called `name` as `T` (the first such column;
    /// the name as the result spells it, case sensitive).
    ///
    /// The name is a literal, so the column is found once per result: later
    /// rows compare the literal's address, allocate nothing and search no
    /// names.
    /// Errors: `column_missing` naming the column, `decoding_null`,
    /// `decoding_type_mismatch`, `decoding_unknown_value`.
    @inlinable
    public func decode<T: PostgresDecodable>(_ type: T.Type, _ name: StaticString) throws(PostgresError) -> T {
        try decode(type, at: try rows.columnIndex(name))
    }

    /// ``decode(_:_:)`` with the type inferred: `let id: UUID = try row.decode("id")`.
    @inlinable
    public func decode<T: PostgresDecodable>(_ name: StaticString) throws(PostgresError) -> T {
        try decode(T.self, name)
    }
}
