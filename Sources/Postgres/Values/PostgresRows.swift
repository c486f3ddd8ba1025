import CPostgres
import Foundation
import Synchronization

/// The rows a statement returned, decoded lazily column by column.
///
/// Owns the libpq result and frees it when released. Its rows do not change,
/// and its one cache (of column names) is atomic, so it may be handed to
/// another thread.
public final class PostgresRows: @unchecked Sendable, RandomAccessCollection {
    private let result: OpaquePointer
    private let columnCount: Int
    /// Per column (the first 16; later ones are searched on every read),
    /// the address of the name literal that last found it, 0 for none: a
    /// name read compares addresses, and searches the names only the first
    /// time a literal is used on this result. A slot only ever holds a
    /// literal spelling its column's name, so racing readers may overwrite
    /// each other but never read a wrong column. Inline in the object, so it
    /// allocates nothing.
    private let nameSlots = NameSlots { _ in Atomic(0) }
    private typealias NameSlots = InlineArray<16, Atomic<UInt>>

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

    /// The index of the first column called exactly `name` (case
    /// sensitive), or `column_missing` naming it.
    @usableFromInline
    func columnIndex(_ name: StaticString) throws(PostgresError) -> Int {
        guard name.hasPointerRepresentation else { return try searchColumn(name) }
        let key = UInt(bitPattern: name.utf8Start)
        let slotted = Swift.min(columnCount, NameSlots.count)
        for index in 0..<slotted where nameSlots[index].load(ordering: .relaxed) == key { return index }
        let index = try searchColumn(name)
        if index < slotted { nameSlots[index].store(key, ordering: .relaxed) }
        return index
    }

    private func searchColumn(_ name: StaticString) throws(PostgresError) -> Int {
        let index = name.withUTF8Buffer { name in
            (0..<Int32(columnCount)).first { column in
                let field = PQfname(result, column)!
                let length = strlen(field)
                return length == name.count && UnsafeRawBufferPointer(start: field, count: length).elementsEqual(name)
            }
        }
        guard let index else { throw PostgresError(.columnMissing, column: name.description) }
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
