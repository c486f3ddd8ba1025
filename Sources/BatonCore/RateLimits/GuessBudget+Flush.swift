import Postgres

extension GuessBudget {
    /// Runs ``flushStatement`` for `batch` against `global` (nil: no global
    /// budget): the totals of every key it adds or reads, and the global
    /// bucket's tokens.
    static func exchange(_ batch: GuessBudgetBatch, global: RateLimit?, on connection: PostgresConnection) throws(PostgresError)
        -> GuessBudgetTotals
    {
        let increments = batch.increments
        let rows = try connection.query(
            flushStatement,
            [
                increments.map(\.key.bucket), increments.map(\.key.windowStart), increments.map(\.windowEnd),
                increments.map(\.count), batch.reads.map(\.bucket), batch.reads.map(\.windowStart), batch.now,
                global.map { Double($0.count) }, global?.refillPerSecond, batch.globalTaken,
            ])
        var totals = GuessBudgetTotals(counts: [:], globalTokens: nil)
        for row in rows {
            let bucket = try row.decode(String.self, "bucket")
            guard bucket != globalRow else {
                totals.globalTokens = try row.decode(Double.self, "tokens")
                continue
            }
            totals.counts[GuessWindowKey(bucket: bucket, windowStart: try row.decode("window_start"))] = try row.decode(Int.self, "count")
        }
        return totals
    }

    /// The `bucket` of the result row that carries the global bucket's tokens.
    private static let globalRow = "*"

    /// Adds the increments (`$1` to `$4`, a column each), returns the totals
    /// of the increments' and the reads' (`$5`, `$6`) rows, and deletes rows
    /// whose window ended before `$7` (Unix seconds). The SELECT sees the
    /// tables as they were before the statement, so added rows come from
    /// RETURNING and are left out of the read. Rows are upserted in key
    /// order, and the global row only after them (`taken` waits for
    /// `added`), so concurrent flushes lock in one order and never deadlock.
    ///
    /// The global bucket (`$8` tokens at most, refilled at `$9` a second; no
    /// global budget when `$8` is NULL) is refilled up to `$7` and loses the
    /// `$10` failures taken, never below 0, in one row update when there are
    /// any; otherwise it is only read, refilled to `$7`, and nothing is written.
    static let flushStatement = PostgresStatement(
        name: "guess_budget_flush",
        sql: """
            WITH incoming AS (
                SELECT bucket, window_start, window_end, count
                FROM unnest($1::text[], $2::int8[], $3::int8[], $4::int8[]) AS x(bucket, window_start, window_end, count)
                WHERE window_end > $7::float8
                ORDER BY bucket, window_start
            ), wanted AS (
                SELECT bucket, window_start FROM unnest($5::text[], $6::int8[]) AS y(bucket, window_start)
            ), pruned AS (
                DELETE FROM baton.guess_budget WHERE window_end <= to_timestamp($7::float8)
            ), added AS (
                INSERT INTO baton.guess_budget AS g (bucket, window_start, window_end, count)
                SELECT bucket, to_timestamp(window_start), to_timestamp(window_end), count FROM incoming ORDER BY bucket, window_start
                ON CONFLICT (bucket, window_start) DO UPDATE SET count = g.count + excluded.count
                RETURNING g.bucket, extract(epoch FROM g.window_start)::bigint AS window_start, g.count
            ), taken AS (
                INSERT INTO baton.guess_budget_global AS g (singleton, tokens, refilled_at)
                SELECT true, greatest(0, $8::float8 - $10::int8), $7::float8
                WHERE $8::float8 IS NOT NULL AND $10::int8 > 0 AND (SELECT count(*) FROM added) >= 0
                ON CONFLICT (singleton) DO UPDATE SET
                    tokens = greatest(0, least($8::float8, g.tokens + greatest(0, excluded.refilled_at - g.refilled_at) * $9::float8) - $10::int8),
                    refilled_at = greatest(g.refilled_at, excluded.refilled_at)
                RETURNING g.tokens
            )
            SELECT bucket, window_start, count, NULL::float8 AS tokens FROM added
            UNION ALL
            SELECT g.bucket, w.window_start, g.count, NULL::float8
            FROM wanted w JOIN baton.guess_budget g ON g.bucket = w.bucket AND g.window_start = to_timestamp(w.window_start)
            WHERE NOT EXISTS (SELECT 1 FROM incoming i WHERE i.bucket = w.bucket AND i.window_start = w.window_start)
            UNION ALL
            SELECT '*', 0, 0, tokens FROM taken
            UNION ALL
            SELECT '*', 0, 0, least($8::float8, tokens + greatest(0, $7::float8 - refilled_at) * $9::float8)
            FROM baton.guess_budget_global WHERE $8::float8 IS NOT NULL AND $10::int8 = 0
            """)

    /// One bucket's count in one window (`$2`, Unix seconds).
    static let readStatement = PostgresStatement(
        name: "guess_budget_read",
        sql: "SELECT count FROM baton.guess_budget WHERE bucket = $1 AND window_start = to_timestamp($2::bigint)")
}
