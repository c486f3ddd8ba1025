import Foundation
import Postgres

/// Maintains the funnel's hourly rollups from `baton.events`, incrementally
/// by event id. Run by the worker's leader every few seconds; the stepping
/// (watermark, settled ids, concurrency) is ``RollupWatermark``'s.
public enum FunnelRollup: WatermarkedRollup {
    /// Events rolled up per step at most.
    public static let defaultBatch = 500_000

    /// Its stepping.
    public static let watermark = RollupWatermark(name: "funnel", state: "baton.funnel_rollup_state", log: "baton.events", rollUp: rollUp)

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
