import Foundation
import Postgres

/// Maintains the funnel's hourly rollups from `baton.events`, incrementally
/// by event id. Run by the worker's leader every few seconds; safe to run
/// anywhere, any number of times, concurrently: each step locks the one
/// `funnel_rollup_state` row, adds the events past the watermark and moves
/// the watermark in the same transaction, so no event is counted twice.
///
/// Event ids are drawn before their transaction commits, so a visible event
/// may have a smaller id still in flight. A step therefore rolls up only to
/// `pending_id`, the largest id an earlier step saw, and only once every
/// transaction that was running then has ended (the snapshot's xmin has
/// passed that step's xmax); then it notes the newest id as the next
/// `pending_id`. Readers add the events past the watermark themselves, so
/// this lag never shows in a report. A transaction left open (idle in
/// transaction) holds the rollup back until it ends, never corrupts it.
public enum FunnelRollup {
    /// Events rolled up per step at most, so a first run over a big
    /// history commits in bounded transactions.
    public static let defaultBatch = 500_000

    /// One step: rolls up at most `batch` settled events and notes the next
    /// pending id. Runs its own transaction on `connection`.
    /// - Returns: the number of events rolled up (0 when none had settled).
    /// - Throws: `PostgresError` from the database; nothing is changed then.
    @discardableResult
    public static func step(batch: Int = defaultBatch, on connection: PostgresConnection) throws -> Int {
        try connection.transaction { connection in
            let state = try connection.query(lockState)[0]
            let watermark: Int64 = try state.decode("watermark_id")
            let pending: Int64 = try state.decode("pending_id")
            let settled: Bool = try state.decode("settled")
            guard settled, pending > watermark else {
                if pending <= watermark { try connection.query(observe, [watermark]) }
                return 0
            }
            let high = min(pending, watermark + Int64(max(1, batch)))
            let rolled: Int = try connection.query(rollUp, [watermark, high])[0].decode("rolled")
            try connection.query(high == pending ? observe : advance, [high])
            return rolled
        }
    }

    /// Steps until every event committed before the call is rolled up, for
    /// tests, benchmarks and operators who want the rollup current now.
    /// Waits (polling every 10 ms) while older transactions of the cluster
    /// are still open, for at most `timeout`.
    /// - Returns: the number of events rolled up.
    /// - Throws: `PostgresError` from the database.
    @discardableResult
    public static func catchUp(batch: Int = defaultBatch, timeout: Duration = .seconds(30), on connection: PostgresConnection) throws -> Int
    {
        let target: Int64 = try connection.query(newestEvent)[0].decode("newest_id")
        let deadline = ContinuousClock.now + timeout
        var total = 0
        while try connection.query(FunnelStore.watermarkStatement)[0].decode(Int64.self, "watermark_id") < target,
            ContinuousClock.now < deadline
        {
            let rolled = try step(batch: batch, on: connection)
            total += rolled
            if rolled == 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        return total
    }

    static let newestEvent = PostgresStatement(
        name: "funnel_newest_event", sql: "SELECT coalesce(max(id), 0) AS newest_id FROM baton.events")

    static let lockState = PostgresStatement(
        name: "funnel_rollup_lock",
        sql: """
            SELECT watermark_id, pending_id, pg_snapshot_xmin(pg_current_snapshot()) >= pending_xmax AS settled
            FROM baton.funnel_rollup_state FOR UPDATE
            """)

    /// $1: the new watermark. Notes the newest event id and this snapshot's xmax.
    static let observe = PostgresStatement(
        name: "funnel_rollup_observe",
        sql: """
            UPDATE baton.funnel_rollup_state
            SET watermark_id = $1, rolled_up_at = now(),
                pending_id = greatest($1, (SELECT coalesce(max(id), 0) FROM baton.events)),
                pending_xmax = pg_snapshot_xmax(pg_current_snapshot())
            """)

    /// $1: the new watermark, short of the pending id (a batch-limited step).
    static let advance = PostgresStatement(
        name: "funnel_rollup_advance",
        sql: """
            UPDATE baton.funnel_rollup_state SET watermark_id = $1, rolled_up_at = now()
            """)

    /// Adds the events with $1 < id <= $2 to the four rollup tables; returns how many.
    /// The per-family rows go in in key order: they are nearly one per event
    /// (families × hours), and in hash order each would land on a random
    /// page of a key index larger than shared_buffers during a catch-up.
    static let rollUp = PostgresStatement(
        name: "funnel_rollup_add",
        sql: """
            WITH batch AS (
                SELECT date_bin('1 hour', e.occurred_at, \(FunnelStore.origin)) AS hour,
                       coalesce(e.family_id, '') AS family_id, e.type,
                       coalesce(e.channel, '') AS channel, coalesce(e.reason, '') AS reason,
                       baton.redeem_latency_bin(e.occurred_at - i.created_at) AS bin
                FROM baton.events e
                LEFT JOIN baton.invites i ON e.type = 'invite.redeemed' AND i.id = e.invite_id
                WHERE e.id > $1 AND e.id <= $2
            ), family_counts AS (
                INSERT INTO baton.funnel_rollup_family_hourly AS r (family_id, hour, type, channel, reason, count)
                SELECT family_id, hour, type, channel, reason, count(*) FROM batch GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
                ON CONFLICT (family_id, hour, type, channel, reason) DO UPDATE SET count = r.count + excluded.count
            ), total_counts AS (
                INSERT INTO baton.funnel_rollup_hourly AS r (hour, type, channel, reason, count)
                SELECT hour, type, channel, reason, count(*) FROM batch GROUP BY 1, 2, 3, 4
                ON CONFLICT (hour, type, channel, reason) DO UPDATE SET count = r.count + excluded.count
            ), family_latency AS (
                INSERT INTO baton.redeem_latency_family_hourly AS r (family_id, hour, bin, count)
                SELECT family_id, hour, bin, count(*) FROM batch WHERE bin IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                ON CONFLICT (family_id, hour, bin) DO UPDATE SET count = r.count + excluded.count
            ), total_latency AS (
                INSERT INTO baton.redeem_latency_hourly AS r (hour, bin, count)
                SELECT hour, bin, count(*) FROM batch WHERE bin IS NOT NULL GROUP BY 1, 2
                ON CONFLICT (hour, bin) DO UPDATE SET count = r.count + excluded.count
            )
            SELECT count(*) AS rolled FROM batch
            """)
}
