import CPostgres
import Foundation

/// The rows a statement returned, decoded lazily column by column.
///
/// Owns the libpq result and frees it when released. Immutable, so it may be
/// handed to another thread.
public final class PostgresRows: @unchecked Sendable, RandomAccessCollection {
    private let result: OpaquePointer
    private let columnCount: Int

    init(result: OpaquePointer) {
        self.result = result
        columnCount = Int(PQnfields(result))
    }

    /// The column names, in order.
    public var columns: [String] {
        (0..<Int32(columnCount)).map { String(cString: PQfname(result, $0)) }
    }

    /// The number of rows an `INSERT`/`UPDATE`/`DELETE` touched (0 otherwise).
    public var affectedRows: Int {
        Int(String(cString: PQcmdTuples(result))) ?? 0
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
        let index = (0..<Int32(columnCount)).first { strcmp(PQfname(result, $0), name) == 0 }
        guard let index else { throw PostgresError(.columnMissing, column: name) }
        return Int(index)
    }

    /// The value at (`row`, `column`) as a decoder sees it; valid while
    /// these rows are alive. Not generic, so that `PostgresRow.decode`,
    /// inlined into its caller, calls the concrete type's decoder directly.
    @usableFromInline
    func cell(row: Int, column: Int) throws(PostgresError) -> PostgresCell {
        guard column >= 0, column < columnCount else {
            throw PostgresError(.columnMissing, column: "#\(column)")
        }
        let (row32, column32) = (Int32(row), Int32(column))
        let type = PostgresTypeOID(rawValue: PQftype(result, column32))
        var bytes: UnsafeRawBufferPointer?
        if PQgetisnull(result, row32, column32) == 0 {
            let start = UnsafeRawPointer(PQgetvalue(result, row32, column32))
            bytes = UnsafeRawBufferPointer(start: start, count: Int(PQgetlength(result, row32, column32)))
        }
        return PostgresCell(type: type, name: PQfname(result, column32), bytes: bytes)
    }
}
