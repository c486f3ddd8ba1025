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

    /// The upsert ``flush(with:on:)`` runs for an hourly table `table`
    /// (`hour timestamptz`, `labelColumn text`, `count int8`, unique on the
    /// first two): each count is added to the hour's row. `table` and
    /// `labelColumn` are the code's own names, never input.
    static func upsert(name: String, table: String, labelColumn: String) -> PostgresStatement {
        PostgresStatement(
            name: name,
            sql: """
                INSERT INTO \(table) AS t (hour, \(labelColumn), count)
                SELECT to_timestamp(hour_start), label, count
                FROM unnest($1::int8[], $2::text[], $3::int8[]) AS x(hour_start, label, count)
                ON CONFLICT (hour, \(labelColumn)) DO UPDATE SET count = t.count + excluded.count
                """)
    }
}
