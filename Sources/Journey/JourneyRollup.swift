import Foundation
import Postgres

/// Maintains the journey's hourly rollups over all families (stage counts
/// by flow and cohort, by source, campaign and the platform of the first
/// open, ``JourneyPlatform``; times between stages as histogram bins) from
/// `baton.invite_stages`, incrementally by the invites whose stage rows changed
/// (`baton.journey_changes`, written by a trigger on every insert, update
/// and delete). Run by the worker's leader beside ``FunnelRollup``, with
/// the same stepping (``RollupWatermark``).
///
/// A step replaces each changed invite's share of the rollup: it subtracts
/// what the invite added when it was last rolled up
/// (`baton.journey_rolled_invites` keeps those stage times and the
/// attribution they were counted under) and adds what its stage rows add
/// now, so a stage reached days after issue updates its issue hour's cohort
/// row, and an erased invite leaves the rollup whatever its attribution is
/// now. The invite's attribution is one primary-key join per changed invite,
/// during the step, never during a report. Readers compute the same change
/// for the invites past the watermark (``changesSQL(touched:)``).
public enum JourneyRollup: WatermarkedRollup {
    /// Log rows rolled up per step at most (each names a changed invite).
    public static let defaultBatch = 100_000

    /// Its stepping.
    public static let watermark = RollupWatermark(
        name: "journey", state: "baton.journey_rollup_state", log: "baton.journey_changes", rollUp: rollUp)

    /// The columns of `baton.journey_rolled_invites` after the invite id.
    private static let columns =
        ["source", "campaign", "platform"] + InviteStage.allCases.map { "\($0.rawValue)_at" }

    /// The common table expressions of a change to the rollup, for the
    /// invites that `touched` (a SELECT of `invite_id`s) lists: `present`
    /// (each invite's stage times and attribution now), `signed` (those
    /// with sign 1 and the rolled-up ones with sign -1), `marks` (one row
    /// per stage reached), `count_rows` (`view`, `hour`, `stage`,
    /// `source`, `campaign`, `platform`, `within_1h`, `within_1d`, `within_7d`, `ever`,
    /// all signed) and `time_rows` (`view`, `hour`, `pair`, `bin`, `sign`). A report adds these rows to
    /// the rollup's; a step adds them into it.
    static func changesSQL(touched: String) -> String {
        let stages = InviteStage.allCases
        let pivot = stages.map { "min(s.first_at) FILTER (WHERE s.stage = '\($0.rawValue)') AS \($0.rawValue)_at" }
        let marks = stages.map { "('\($0.rawValue)', x.\($0.rawValue)_at)" }
        let pairs = StageTime.pairs.enumerated().map {
            "(\($0.offset)::int2, x.\($0.element.from.rawValue)_at, x.\($0.element.to.rawValue)_at)"
        }
        let list = columns.joined(separator: ", ")
        let hour = { (time: String) in "date_bin('1 hour', \(time), \(FunnelStore.origin))" }
        return """
            touched AS (\(touched)),
            present AS (
                SELECT s.invite_id, coalesce(i.source, '') AS source, coalesce(i.campaign, '') AS campaign,
                       coalesce(min(s.platform), '') AS platform,
                       \(pivot.joined(separator: ",\n           "))
                FROM baton.invite_stages s JOIN baton.invites i ON i.id = s.invite_id
                WHERE s.invite_id IN (SELECT invite_id FROM touched)
                GROUP BY s.invite_id, i.source, i.campaign
            ), signed AS (
                SELECT 1 AS sign, invite_id, \(list) FROM present
                UNION ALL
                SELECT -1, invite_id, \(list) FROM baton.journey_rolled_invites WHERE invite_id IN (SELECT invite_id FROM touched)
            ), marks AS (
                SELECT x.sign, x.source, x.campaign, x.platform, x.issued_at, m.stage, m.at
                FROM signed x CROSS JOIN LATERAL (VALUES \(marks.joined(separator: ", "))) AS m(stage, at)
                WHERE m.at IS NOT NULL
            ), count_rows AS (
                SELECT 'flow' AS view, \(hour("at")) AS hour, stage, source, campaign, platform,
                       0 AS within_1h, 0 AS within_1d, 0 AS within_7d, sign AS ever
                FROM marks
                UNION ALL
                SELECT 'cohort', \(hour("issued_at")), stage, source, campaign, platform,
                       sign * (at <= issued_at + interval '1 hour')::int, sign * (at <= issued_at + interval '1 day')::int,
                       sign * (at <= issued_at + interval '7 days')::int, sign
                FROM marks WHERE issued_at IS NOT NULL
            ), time_rows AS (
                SELECT v.view, \(hour("v.at")) AS hour, p.pair, baton.redeem_latency_bin(p.later - p.earlier) AS bin, x.sign
                FROM signed x
                CROSS JOIN LATERAL (VALUES \(pairs.joined(separator: ", "))) AS p(pair, earlier, later)
                CROSS JOIN LATERAL (VALUES ('flow', p.later), ('cohort', x.issued_at)) AS v(view, at)
                WHERE p.later >= p.earlier AND v.at IS NOT NULL
            )
            """
    }

    /// Rolls up the invites changed by log rows $1 < id <= $2 and deletes
    /// those rows; returns how many invites. Rows go in in key order, as in
    /// ``FunnelRollup``: a catch-up's rows would otherwise land on random
    /// pages of key indexes larger than shared_buffers.
    static let rollUp = PostgresStatement(
        name: "journey_rollup_add",
        sql: """
            WITH \(changesSQL(touched: "SELECT DISTINCT invite_id FROM baton.journey_changes WHERE id > $1 AND id <= $2")),
            kept AS (
                INSERT INTO baton.journey_rolled_invites AS r (invite_id, \(columns.joined(separator: ", ")))
                SELECT invite_id, \(columns.joined(separator: ", ")) FROM present ORDER BY invite_id
                ON CONFLICT (invite_id) DO UPDATE SET \(columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            ), gone AS (
                DELETE FROM baton.journey_rolled_invites r USING touched t
                WHERE r.invite_id = t.invite_id AND NOT EXISTS (SELECT 1 FROM present p WHERE p.invite_id = t.invite_id)
            ), logged AS (
                DELETE FROM baton.journey_changes WHERE id <= $2
            ), \(countsUpsert), \(timesUpsert)
            SELECT count(*) AS rolled FROM touched
            """)

    private static let countsUpsert: String = {
        let keys = ["view", "hour", "stage", "source", "campaign", "platform"]
        let sums = ["within_1h", "within_1d", "within_7d", "ever"].map { "sum(\($0))" }.joined(separator: ", ")
        return """
            counts AS (
                INSERT INTO baton.journey_rollup_hourly AS r (\(keys.joined(separator: ", ")), within_1h, within_1d, within_7d, ever)
                SELECT \(keys.joined(separator: ", ")), \(sums) FROM count_rows GROUP BY 1, 2, 3, 4, 5, 6
                HAVING (\(sums)) <> (0, 0, 0, 0) ORDER BY 1, 2, 3, 4, 5, 6
                ON CONFLICT (\(keys.joined(separator: ", "))) DO UPDATE
                SET within_1h = r.within_1h + excluded.within_1h, within_1d = r.within_1d + excluded.within_1d,
                    within_7d = r.within_7d + excluded.within_7d, ever = r.ever + excluded.ever
            )
            """
    }()

    private static let timesUpsert = """
        times AS (
            INSERT INTO baton.journey_times_hourly AS r (view, hour, pair, bin, count)
            SELECT view, hour, pair, bin, sum(sign) FROM time_rows GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
            ON CONFLICT (view, hour, pair, bin) DO UPDATE SET count = r.count + excluded.count
        )
        """
}
