import Postgres

extension HourlyCounter {
    /// Adds the pending counts to their table now, on `connection`, in one
    /// statement: `upsert` takes $1 the hours' starts (`int8[]`, seconds
    /// since 1970), $2 the labels (`text[]`), $3 the counts (`int8[]`).
    /// - Returns: the number of events written.
    /// - Throws: `PostgresError`; the counts are then back in the counter.
    @discardableResult
    public func flush(with upsert: PostgresStatement, on connection: PostgresConnection) throws(PostgresError) -> Int {
        let entries = drain()
        guard !entries.isEmpty else { return 0 }
        do {
            try connection.query(upsert, [entries.map(\.hourStart), entries.map(\.code.rawValue), entries.map(\.count)])
        } catch {
            add(entries)
            throw error
        }
        return entries.reduce(0) { $0 + $1.count }
    }
}
