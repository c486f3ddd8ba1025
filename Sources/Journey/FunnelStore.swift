import BatonCore
import Foundation
import Postgres

/// Reads funnel reports: rolled-up hours (events up to the rollup's
/// watermark) plus the live tail of `baton.events` past it, in one
/// statement and so one snapshot, so a report equals counts over the raw
/// events whether or not the rollup has caught up.
public enum FunnelStore {
    /// The report for `query`, within `limits`. Cost: the rollup rows of
    /// the range (a few per hour for all families) plus the events not
    /// rolled up yet, then, unless `journey` is false, the journey
    /// (``JourneyStore``, in a transaction of its own; it reads the stage
    /// rows of the range, at most `query.top` groups and "other").
    ///
    /// A query of more than `limits.maxCells` cells is refused before
    /// anything is read. Each part runs in a ``ReportSnapshot``: read-only
    /// repeatable read, JIT off, every statement cancelled past
    /// `limits.statementTimeout`. Call it on a connection outside any
    /// transaction (a pooled one, as it comes).
    /// - Throws: `FunnelError.tooLarge` before any database work,
    ///   `FunnelError.timedOut` when a statement ran too long, `PostgresError`
    ///   from the database.
    public static func report(
        _ query: JourneyQuery, limits: ReportSettings = ReportSettings(), journey: Bool = true, on connection: PostgresConnection
    ) throws -> FunnelReport {
        guard query.cells <= limits.maxCells else { throw FunnelError.tooLarge(cells: query.cells, limit: limits.maxCells) }
        let rows = try ReportSnapshot.read(on: connection, timeout: limits.statementTimeout) { connection in
            let watermark: Int64 = try connection.query(watermarkStatement)[0].decode("watermark_id")
            var parameters: [any PostgresBindable] = [query.from, query.to, query.interval.sqlInterval, watermark]
            if let familyID = query.familyID { parameters.append(familyID) }
            return try connection.query(query.familyID == nil ? allFamilies : oneFamily, parameters)
        }
        let tracksRejections = query.familyID == nil
        var buckets = query.bucketStarts.map {
            FunnelBucket(start: $0, end: $0.addingTimeInterval(Double(query.interval.seconds)), tracksRejections: tracksRejections)
        }
        var total = FunnelTally(tracksRejections: tracksRejections)
        var latency = StagePairHistogram()
        for row in rows {
            let kind: RowKind = try row.decode("kind")
            let label: String = try row.decode("label")
            let count: Int = try row.decode("count")
            if kind == .latency {
                latency.add(count, bin: Int(label) ?? -1)
                continue
            }
            let start: Date = try row.decode("bucket")
            let index = Int(Int64(start.timeIntervalSince(query.from).rounded()) / query.interval.seconds)
            guard buckets.indices.contains(index) else { continue }
            if kind == .rejection {
                buckets[index].tally.addRejections(count, code: label)
                total.addRejections(count, code: label)
            } else {
                let type: String = try row.decode("type")
                let channel: String = try row.decode("channel")
                buckets[index].tally.add(count, eventType: type, channel: channel, reason: label)
                total.add(count, eventType: type, channel: channel, reason: label)
            }
        }
        return FunnelReport(
            query: query, buckets: buckets, totals: FunnelTotals(tally: total, timeToRedeem: TimeToRedeem(latency)),
            journey: journey ? try JourneyStore.report(query, statementTimeout: limits.statementTimeout, on: connection) : nil)
    }

    static let watermarkStatement = FunnelRollup.watermark.watermark
    static let allFamilies = PostgresStatement(name: "funnel_report", sql: reportSQL(perFamily: false))
    static let oneFamily = PostgresStatement(name: "funnel_report_family", sql: reportSQL(perFamily: true))

    /// Parameters: $1 from, $2 to (both bucket-aligned), $3 the bucket
    /// width as an interval, $4 the rollup's watermark, $5 the family id
    /// (per-family form only). Rows: `kind` (a ``RowKind``), `bucket`
    /// (start), `type` (of event), `channel`, `label` (reason, latency bin or
    /// rejection code), `count`.
    /// Refusals carry no family, so the per-family form has none.
    private static func reportSQL(perFamily: Bool) -> String {
        let family = perFamily ? "family_id = $5::text AND " : ""
        let tailFamily = perFamily ? "e.family_id = $5::text AND " : ""
        let infix = perFamily ? "family_" : ""
        let rejections =
            perFamily
            ? ""
            : """
            UNION ALL
            SELECT 'rejection', date_bin($3::interval, hour, \(origin)), NULL, NULL, code, sum(count)::bigint
            FROM baton.rejections_hourly WHERE hour >= $1 AND hour < $2
            GROUP BY 2, code
            """
        return """
            WITH tail AS (
                SELECT e.occurred_at, e.type, coalesce(e.channel, '') AS channel, coalesce(e.reason, '') AS reason, e.invite_id
                FROM baton.events e
                WHERE e.id > $4::int8 AND \(tailFamily)e.occurred_at >= $1 AND e.occurred_at < $2
            ), counts AS (
                SELECT date_bin($3::interval, hour, \(origin)) AS bucket, type, channel, reason, sum(count)::bigint AS count
                FROM (
                    SELECT hour, type, channel, reason, count FROM baton.funnel_rollup_\(infix)hourly
                    WHERE \(family)hour >= $1 AND hour < $2
                    UNION ALL
                    SELECT occurred_at, type, channel, reason, 1 FROM tail
                ) AS rows
                GROUP BY 1, 2, 3, 4
            ), latency AS (
                SELECT bin, sum(count)::bigint AS count
                FROM (
                    SELECT bin, count FROM baton.redeem_latency_\(infix)hourly
                    WHERE \(family)hour >= $1 AND hour < $2
                    UNION ALL
                    SELECT baton.redeem_latency_bin(t.occurred_at - i.created_at), 1
                    FROM tail t JOIN baton.invites i ON i.id = t.invite_id
                    WHERE t.type = 'invite.redeemed'
                ) AS rows
                GROUP BY bin
            )
            SELECT 'count' AS kind, bucket, type, channel, reason AS label, count FROM counts
            UNION ALL
            SELECT 'latency', NULL, NULL, NULL, bin::text, count FROM latency
            \(rejections)
            """
    }

    /// What a report row counts: its `kind` column.
    enum RowKind: String, CaseIterable, PostgresDecodable {
        /// Events of one type, channel and reason in one bucket.
        case count
        /// Redemptions in one latency bin, over the whole range.
        case latency
        /// Refusals with one code in one bucket.
        case rejection
    }

    /// The origin of every bucket: 2001-01-01 00:00 UTC, a Monday.
    static let origin = "timestamptz '2001-01-01 00:00:00+00'"
}
