import CPostgres

/// The rows a statement returned, decoded lazily column by column.
///
/// Owns the libpq result and frees it when released. Immutable, so it may be
/// handed to another thread.
public final class PostgresRows: @unchecked Sendable, RandomAccessCollection {
    private let result: OpaquePointer
    /// The column names, in order.
    public let columns: [String]
    /// The number of rows an `INSERT`/`UPDATE`/`DELETE` touched (0 otherwise).
    public let affectedRows: Int

    init(result: OpaquePointer) {
        self.result = result
        columns = (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) }
        affectedRows = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    deinit { PQclear(result) }

    /// Index of the first row.
    public var startIndex: Int { 0 }
    /// One past the last row.
    public var endIndex: Int { Int(PQntuples(result)) }
    /// The row at `index`.
    public subscript(index: Int) -> PostgresRow { PostgresRow(rows: self, index: index) }

    /// The index of the column called `name`, or `column_missing`.
    func columnIndex(_ name: String) throws(PostgresError) -> Int {
        guard let index = columns.firstIndex(of: name) else {
            throw PostgresError(.columnMissing, column: name)
        }
        return index
    }

    /// Decodes the value at (`row`, `column`).
    func decode<T: PostgresDecodable>(_: T.Type, row: Int, column: Int) throws(PostgresError) -> T {
        guard columns.indices.contains(column) else {
            throw PostgresError(.columnMissing, column: "#\(column)")
        }
        let (row32, column32) = (Int32(row), Int32(column))
        let type = PostgresTypeOID(rawValue: PQftype(result, column32))
        var bytes: UnsafeRawBufferPointer?
        if PQgetisnull(result, row32, column32) == 0 {
            let start = UnsafeRawPointer(PQgetvalue(result, row32, column32))
            bytes = UnsafeRawBufferPointer(start: start, count: Int(PQgetlength(result, row32, column32)))
        }
        return try T.decode(from: PostgresCell(type: type, columnName: columns[column], bytes: bytes))
    }
}
