import Postgres

extension GuessBudget {
    /// Runs ``flushStatement`` for `batch`: the totals of every key it adds or reads.
    static func exchange(_ batch: GuessBudgetBatch, on connection: PostgresConnection) throws(PostgresError) -> [GuessWindowKey: Int] {
        // Bucket texts are hex digits, dots, colons and `/` (see GuessBucket), or `*`: nothing to escape.
        let increments = batch.increments.map {
            #"{"bucket":"\#($0.key.bucket)","window_start":\#($0.key.windowStart),"window_end":\#($0.windowEnd),"count":\#($0.count)}"#
        }
        let reads = batch.reads.map { #"{"bucket":"\#($0.bucket)","window_start":\#($0.windowStart)}"# }
        let rows = try connection.query(
            flushStatement,
            [
                PostgresJSON("[" + increments.joined(separator: ",") + "]"), PostgresJSON("[" + reads.joined(separator: ",") + "]"),
                batch.now,
            ])
        var totals: [GuessWindowKey: Int] = [:]
        for row in rows {
            let key = GuessWindowKey(
                bucket: try row.decode(String.self, "bucket"), windowStart: try row.decode("window_start"))
            totals[key] = try row.decode(Int.self, "count")
        }
        return totals
    }

    /// Adds the increments (`$1`), returns the totals of the increments' and
    /// the reads' (`$2`) rows, and deletes rows whose window ended before
    /// `$3`. The final SELECT sees the table as it was before the INSERT,
    /// so added rows come from RETURNING and are left out of the read. Rows
    /// are upserted in key order, so concurrent flushes never deadlock.
    static let flushStatement = PostgresStatement(
        name: "guess_budget_flush",
        sql: """
            WITH incoming AS (
                SELECT bucket, window_start, window_end, count
                FROM jsonb_to_recordset($1::jsonb) AS x(bucket text, window_start bigint, window_end bigint, count bigint)
                WHERE window_end > $3::bigint
                ORDER BY bucket, window_start
            ), wanted AS (
                SELECT bucket, window_start FROM jsonb_to_recordset($2::jsonb) AS y(bucket text, window_start bigint)
            ), pruned AS (
                DELETE FROM baton.guess_budget WHERE window_end <= to_timestamp($3::bigint)
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
