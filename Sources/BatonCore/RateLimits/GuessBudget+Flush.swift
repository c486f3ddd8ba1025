import Postgres

extension GuessBudget {
    /// Runs ``flushStatement`` for `batch`: the totals of every key it adds or reads.
    static func exchange(_ batch: GuessBudgetBatch, on connection: PostgresConnection) throws(PostgresError) -> [GuessWindowKey: Int] {
        let increments = batch.increments
        let rows = try connection.query(
            flushStatement,
            [
                increments.map(\.key.bucket), increments.map(\.key.windowStart), increments.map(\.windowEnd),
                increments.map(\.count), batch.reads.map(\.bucket), batch.reads.map(\.windowStart), batch.now,
            ])
        var totals: [GuessWindowKey: Int] = [:]
        for row in rows {
            let key = GuessWindowKey(
                bucket: try row.decode(String.self, "bucket"), windowStart: try row.decode("window_start"))
            totals[key] = try row.decode(Int.self, "count")
        }
        return totals
    }

    /// Adds the increments (`$1` to `$4`, a column each), returns the totals
    /// of the increments' and the reads' (`$5`, `$6`) rows, and deletes rows
    /// whose window ended before `$7`. The final SELECT sees the table as it was before the INSERT,
    /// so added rows come from RETURNING and are left out of the read. Rows
    /// are upserted in key order, so concurrent flushes never deadlock.
    static let flushStatement = PostgresStatement(
        name: "guess_budget_flush",
        sql: """
            WITH incoming AS (
                SELECT bucket, window_start, window_end, count
                FROM unnest($1::text[], $2::int8[], $3::int8[], $4::int8[]) AS x(bucket, window_start, window_end, count)
                WHERE window_end > $7::bigint
                ORDER BY bucket, window_start
            ), wanted AS (
                SELECT bucket, window_start FROM unnest($5::text[], $6::int8[]) AS y(bucket, window_start)
            ), pruned AS (
                DELETE FROM baton.guess_budget WHERE window_end <= to_timestamp($7::bigint)
            ), added AS (
                INSERT INTO baton.guess_budget AS g (bucket, window_start, window_end, count)
                SELECT bucket, to_timestamp(window_start), to_timestamp(window_end), count FROM incoming ORDER BY bucket, window_start
                ON CONFLICT (bucket, window_start) DO UPDATE SET count = g.count + excluded.count
                RETURNING g.bucket, extract(epoch FROM g.window_start)::bigint AS window_start, g.count
            )
            SELECT bucket, window_start, count FROM added
            UNION ALL
            SELECT g.bucket, w.window_start, g.count
            FROM wanted w JOIN baton.guess_budget g ON g.bucket = w.bucket AND g.window_start = to_timestamp(w.window_start)
            WHERE NOT EXISTS (SELECT 1 FROM incoming i WHERE i.bucket = w.bucket AND i.window_start = w.window_start)
            """)

    /// One bucket's count in one window (`$2`, Unix seconds).
    static let readStatement = PostgresStatement(
        name: "guess_budget_read",
        sql: "SELECT count FROM baton.guess_budget WHERE bucket = $1 AND window_start = to_timestamp($2::bigint)")
}
