import BatonCore
import Foundation
import Postgres

/// How far a rollup over an id-ordered log has come, and how it moves on:
/// the stepping shared by ``FunnelRollup`` (over `baton.events`) and
/// ``JourneyRollup`` (over `baton.journey_changes`). Each step locks the one
/// state row, rolls up the log rows past the watermark and moves the
/// watermark in the same transaction, so no row is counted twice; safe to
/// run anywhere, any number of times, concurrently.
///
/// Log ids are drawn before their transaction commits, so a visible row
/// may have a smaller id still in flight. A step therefore rolls up only to
/// `pending_id`, the largest id an earlier step saw, and only once every
/// transaction that was running then has ended (the snapshot's xmin has
/// passed that step's xmax); then it notes the newest id as the next
/// `pending_id`. Readers add the rows past the watermark themselves, so
/// this lag never shows in a report. A transaction left open (idle in
/// transaction) holds the rollup back until it ends, never corrupts it.
public struct RollupWatermark: Sendable {
    /// Rows: `watermark_id`.
    let watermark: PostgresStatement
    /// Rows: `newest_id`, the log's largest id (0 when empty).
    let newest: PostgresStatement
    let lockState: PostgresStatement
    let observe: PostgresStatement
    let advance: PostgresStatement
    /// $1 the watermark, $2 the new one: rolls up the log rows in between.
    /// Rows: `rolled`, how many.
    let rollUp: PostgresStatement

    /// The stepping of the rollup named `name` (a statement name prefix)
    /// whose state row is in `state` and whose log is `log` (its key `id`).
    init(name: String, state: String, log: String, rollUp: PostgresStatement) {
        watermark = PostgresStatement(name: "\(name)_watermark", sql: "SELECT watermark_id FROM \(state)")
        newest = PostgresStatement(name: "\(name)_newest", sql: "SELECT coalesce(max(id), 0) AS newest_id FROM \(log)")
        lockState = PostgresStatement(
            name: "\(name)_rollup_lock",
            sql: """
                SELECT watermark_id, pending_id, pg_snapshot_xmin(pg_current_snapshot()) >= pending_xmax AS settled
                FROM \(state) FOR UPDATE
                """)
        // $1: the new watermark. Notes the newest id and this snapshot's xmax.
        observe = PostgresStatement(
            name: "\(name)_rollup_observe",
            sql: """
                UPDATE \(state)
                SET watermark_id = $1, rolled_up_at = now(),
                    pending_id = greatest($1, (SELECT coalesce(max(id), 0) FROM \(log))),
                    pending_xmax = pg_snapshot_xmax(pg_current_snapshot())
                """)
        // $1: the new watermark, short of the pending id (a batch-limited step).
        advance = PostgresStatement(
            name: "\(name)_rollup_advance", sql: "UPDATE \(state) SET watermark_id = $1, rolled_up_at = now()")
        self.rollUp = rollUp
    }

    /// One step: rolls up at most `batch` settled log ids and notes the
    /// next pending id. Runs its own transaction on `connection`.
    /// - Returns: what `rollUp` counted (0 when nothing had settled).
    /// - Throws: `PostgresError` from the database; nothing is changed then.
    func step(batch: Int, on connection: PostgresConnection) throws -> Int {
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

    /// Steps until every log row committed before the call is rolled up,
    /// waiting (polling every 10 ms) while older transactions of the
    /// cluster are still open, for at most `timeout`.
    /// - Returns: the sum of the steps' counts.
    /// - Throws: `PostgresError` from the database.
    func catchUp(batch: Int, timeout: Duration, on connection: PostgresConnection) throws -> Int {
        let target: Int64 = try connection.query(newest)[0].decode("newest_id")
        let deadline = ContinuousClock.now + timeout
        var total = 0
        while try connection.query(watermark)[0].decode(Int64.self, "watermark_id") < target, ContinuousClock.now < deadline {
            let rolled = try step(batch: batch, on: connection)
            total += rolled
            if rolled == 0 { Thread.sleep(forTimeInterval: 0.01) }
        }
        return total
    }
}

/// A rollup stepped by a ``RollupWatermark``: ``FunnelRollup`` over events,
/// ``JourneyRollup`` over changed invites.
public protocol WatermarkedRollup {
    /// Log rows rolled up per step at most, so a first run over a big
    /// history commits in bounded transactions.
    static var defaultBatch: Int { get }
    /// Its state row, log and roll-up statement.
    static var watermark: RollupWatermark { get }
}

extension WatermarkedRollup {
    /// One step: rolls up at most `batch` settled log rows and notes the
    /// next pending id. Runs its own transaction on `connection`.
    /// - Returns: the events, or changed invites, rolled up (0 when none had settled).
    /// - Throws: `PostgresError` from the database; nothing is changed then.
    @discardableResult
    public static func step(batch: Int = defaultBatch, on connection: PostgresConnection) throws -> Int {
        try watermark.step(batch: batch, on: connection)
    }

    /// Steps until every log row committed before the call is rolled up,
    /// for tests, benchmarks and operators who want the rollup current
    /// now. Waits (polling every 10 ms) while older transactions of the
    /// cluster are still open, for at most `timeout`.
    /// - Returns: the events, or changed invites, rolled up.
    /// - Throws: `PostgresError` from the database.
    @discardableResult
    public static func catchUp(batch: Int = defaultBatch, timeout: Duration = .seconds(30), on connection: PostgresConnection) throws -> Int
    {
        try watermark.catchUp(batch: batch, timeout: timeout, on: connection)
    }
}
