import BatonCore
import Foundation
import Postgres

/// Reads the journey of a funnel query from the journey's hourly rollups
/// (``JourneyRollup``) plus the invites changed past their watermark, and
/// `baton.stage_views_hourly`, in one ``ReportSnapshot`` (as
/// ``FunnelStore``), so its numbers are one snapshot and equal counts over
/// `baton.invite_stages`. A breakdown is bounded in SQL: the query's `top`
/// groups and one "other" summing the rest, whatever the number of keys.
public enum JourneyStore {
    /// The journey for `query`: per group and bucket, the invites that first
    /// reached each stage (flow) or the invites issued and when they reached
    /// each stage (cohort); the times between stages over the same invites
    /// (percentiles read from histogram bins, docs/metrics.md); the views.
    /// Cost for all families: one statement over the rollup rows of the
    /// range (a few per hour and stage) and the invites changed since the
    /// last rollup step, read once for the counts and the times; one
    /// family, or a breakdown by family or inviter, reads the stage rows of
    /// the range joined to their invites instead. Each statement is
    /// cancelled past `statementTimeout`.
    /// - Throws: `FunnelError.timedOut`, or `PostgresError` from the database.
    public static func report(
        _ query: JourneyQuery, statementTimeout: Duration = ReportSettings.defaultStatementTimeout, on connection: PostgresConnection
    ) throws -> JourneyReport {
        let (groups, histograms, viewRows) = try snapshot(on: connection, timeout: statementTimeout) {
            (connection, watermark) throws -> ([JourneyGroup], [StagePairHistogram], PostgresRows?) in
            guard let familyID = query.familyID else {
                var counts: [PostgresRow] = []
                var times: [PostgresRow] = []
                var parameters: [any PostgresBindable] = [query.from, query.to, query.interval.sqlInterval, watermark]
                if query.groupBy != nil { parameters.append(query.top) }
                for row in try connection.query(reportStatement(query), parameters) {
                    if try row.decode("part") == "count" { counts.append(row) } else { times.append(row) }
                }
                return (try grouped(counts, query), try binned(times), try connection.query(viewsStatement, [query.from, query.to]))
            }
            let times = try connection.query(familyTimesStatement(query), [query.from, query.to, familyID])
            return (try counts(query, watermark: watermark, on: connection), try binned(Array(times)), nil)
        }
        var totals = JourneyTally(view: query.view)
        for group in groups { totals.add(group.totals) }
        let times = zip(StageTime.pairs, histograms).map { StageTime(from: $0.from, to: $0.to, histogram: $1) }
        var views: [StageView: Int]?
        if let viewRows {
            var counted = Dictionary(uniqueKeysWithValues: StageView.allCases.map { ($0, 0) })
            for row in viewRows {
                if let view = StageView(rawValue: try row.decode("view")) { counted[view] = try row.decode("count") }
            }
            views = counted
        }
        return JourneyReport(
            view: query.view, groupBy: query.groupBy, groups: groups, totals: totals, timesBetweenStages: times, views: views)
    }

    /// The stage counts of `query` per group and bucket, most invites first,
    /// the top `query.top` groups and "other" last: the part of
    /// ``report(_:statementTimeout:on:)`` that a breakdown or a metrics
    /// scrape shows, without the times between stages and the views. One
    /// statement in its own ``ReportSnapshot``.
    /// - Throws: `FunnelError.timedOut`, or `PostgresError` from the database.
    public static func groups(
        _ query: JourneyQuery, statementTimeout: Duration = ReportSettings.defaultStatementTimeout, on connection: PostgresConnection
    ) throws -> [JourneyGroup] {
        try snapshot(on: connection, timeout: statementTimeout) { try counts(query, watermark: $1, on: $0) }
    }

    /// ``countsStatement(_:)``'s rows for `query`, grouped.
    private static func counts(_ query: JourneyQuery, watermark: Int64, on connection: PostgresConnection) throws -> [JourneyGroup] {
        var parameters: [any PostgresBindable] = [query.from, query.to, query.interval.sqlInterval]
        if let familyID = query.familyID { parameters.append(familyID) } else if readsRollup(query) { parameters.append(watermark) }
        if query.groupBy != nil { parameters.append(query.top) }
        return try grouped(Array(try connection.query(countsStatement(query), parameters)), query)
    }

    /// `body` in a ``ReportSnapshot`` (JIT off: the planner cannot know how
    /// few invites changed past the watermark), given that watermark.
    static func snapshot<T>(
        on connection: PostgresConnection, timeout: Duration, _ body: (PostgresConnection, Int64) throws -> T
    ) throws -> T {
        try ReportSnapshot.read(on: connection, timeout: timeout) { connection in
            let watermark: Int64 = try connection.query(JourneyRollup.watermark.watermark)[0].decode("watermark_id")
            return try body(connection, watermark)
        }
    }

    /// One histogram per pair of ``StageTime/pairs`` from time rows (`pair`,
    /// `bin`, `ever`: the count).
    private static func binned(_ rows: [PostgresRow]) throws -> [StagePairHistogram] {
        var histograms = StageTime.pairs.map { _ in StagePairHistogram() }
        for row in rows {
            let pair: Int = try row.decode("pair")
            if histograms.indices.contains(pair) { histograms[pair].add(try row.decode("ever"), bin: try row.decode("bin")) }
        }
        return histograms
    }

    /// Whether `query`'s counts come from the rollup, which keeps all
    /// families by source, campaign and platform: not for one family, nor by family
    /// or inviter (nearly as many groups as invites per hour), which read
    /// the stage rows of the range, joined to their invites.
    private static func readsRollup(_ query: JourneyQuery) -> Bool {
        query.familyID == nil && query.groupBy != .family && query.groupBy != .inviter
    }

    /// The counts of `query`'s shape (view, grouping, one family or all).
    /// $1 from, $2 to, $3 bucket width, then the rollup's watermark (when
    /// read) or the family id (when the query has one), then the top (with
    /// a breakdown). Rows: `bucket`, `key`, `other`, `stage`, `within_1h`,
    /// `within_1d`, `within_7d`, `ever` (a flow's rows have `ever` only, the rest 0).
    static func countsStatement(_ query: JourneyQuery) -> PostgresStatement {
        let counted =
            readsRollup(query) ? "\(changesPastWatermark), counted AS (\(rolledUpSQL(query)))" : "counted AS (\(stageRowsSQL(query)))"
        let top = "$\(readsRollup(query) || query.familyID != nil ? 5 : 4)::int8"
        return PostgresStatement(
            name: "journey_counts_\(query.view.rawValue)_\(query.groupBy?.rawValue ?? "all")_\(query.familyID == nil ? "all" : "family")",
            sql: "WITH \(counted), \(foldedSQL(query, top: top)) SELECT * FROM folded")
    }

    /// The counts and the time bins of an all-families `query` in one
    /// statement, so the invites changed past the watermark are read and
    /// pivoted once: $1 from, $2 to, $3 bucket width, $4 the watermark, $5
    /// the top (with a breakdown). Rows: `part` ('count' or 'time'), the
    /// columns of ``countsStatement(_:)``, then `pair` and `bin` (a time
    /// row's count is in `ever`).
    static func reportStatement(_ query: JourneyQuery) -> PostgresStatement {
        PostgresStatement(
            name: "journey_report_\(query.view.rawValue)_\(query.groupBy?.rawValue ?? "all")",
            sql: """
                WITH \(changesPastWatermark),
                counted AS (\(readsRollup(query) ? rolledUpSQL(query) : stageRowsSQL(query))),
                \(foldedSQL(query, top: "$5::int8")),
                timed AS (\(rolledUpTimesSQL(query)))
                SELECT 'count' AS part, bucket, key, other, stage, within_1h, within_1d, within_7d, ever, 0::int8 AS pair, 0::int8 AS bin
                FROM folded
                UNION ALL
                SELECT 'time', NULL, NULL, false, NULL, 0, 0, 0, count, pair, bin FROM timed
                """)
    }

    /// The changes past the watermark ($4) as ``JourneyRollup/changesSQL(touched:)``'s
    /// common table expressions.
    static let changesPastWatermark = JourneyRollup.changesSQL(
        touched: "SELECT DISTINCT invite_id FROM baton.journey_changes WHERE id > $4::int8")

    /// The time bins of one family's `query`, from its stage rows: over the
    /// invites whose later stage is in the range (flow) or that were issued
    /// in it (cohort). $1 from, $2 to, $3 the family id. Rows: `pair` (a
    /// position in ``StageTime/pairs``), `bin` (``StagePairHistogram``'s),
    /// `ever` (the count).
    static func familyTimesStatement(_ query: JourneyQuery) -> PostgresStatement {
        let pairs = StageTime.pairs.enumerated().map { "(\($0.offset), '\($0.element.from.rawValue)', '\($0.element.to.rawValue)')" }
        let range =
            query.view == .flow
            ? "b.first_at >= $1 AND b.first_at < $2"
            : "EXISTS (SELECT 1 FROM baton.invite_stages c WHERE c.invite_id = b.invite_id AND c.stage = 'issued' AND c.first_at >= $1 AND c.first_at < $2)"
        return PostgresStatement(
            name: "journey_times_\(query.view.rawValue)_family",
            sql: """
                WITH pairs (position, from_stage, to_stage) AS (VALUES \(pairs.joined(separator: ", ")))
                SELECT p.position::int8 AS pair, baton.redeem_latency_bin(b.first_at - a.first_at)::int8 AS bin, count(*)::int8 AS ever
                FROM pairs p
                JOIN baton.invite_stages b ON b.stage = p.to_stage
                JOIN baton.invite_stages a ON a.invite_id = b.invite_id AND a.stage = p.from_stage
                JOIN baton.invites i ON i.id = b.invite_id AND i.family_id = $3::text
                WHERE \(range) AND b.first_at >= a.first_at
                GROUP BY 1, 2
                """)
    }

    /// The rollup's time bins of the range plus the changes past the
    /// watermark (`time_rows` of ``changesPastWatermark``): `pair`, `bin`, `count`.
    private static func rolledUpTimesSQL(_ query: JourneyQuery) -> String {
        let range = "view = '\(query.view.rawValue)' AND hour >= $1 AND hour < $2"
        return """
            SELECT pair::int8 AS pair, bin::int8 AS bin, sum(count)::int8 AS count
            FROM (
                SELECT pair, bin, count FROM baton.journey_times_hourly WHERE \(range)
                UNION ALL
                SELECT pair, bin, sign FROM time_rows WHERE \(range)
            ) AS rows
            GROUP BY pair, bin HAVING sum(count) <> 0
            """
    }

    /// Rollup rows of the range plus the changes past the watermark
    /// (`count_rows` of ``changesPastWatermark``); groups whose counts went
    /// back to zero (all erased) are left out, as if never counted. With
    /// `splitsByPlatform`, each group's rows are split by a `platform`
    /// column (null for none) after `stage`.
    static func rolledUpSQL(_ query: JourneyQuery, splitsByPlatform: Bool = false) -> String {
        let key =
            switch query.groupBy {
            case .source: "nullif(source, '')"
            case .campaign: "nullif(campaign, '')"
            case .platform: "nullif(platform, '')"
            case .family, .inviter, nil: "NULL::text"
            }
        let range = "view = '\(query.view.rawValue)' AND hour >= $1 AND hour < $2"
        let columns = "hour, stage, source, campaign, platform, within_1h, within_1d, within_7d, ever"
        let split = splitsByPlatform ? ", nullif(platform, '') AS platform" : ""
        return """
            SELECT date_bin($3::interval, hour, \(FunnelStore.origin)) AS bucket, \(key) AS key, stage\(split),
                   sum(within_1h)::int8 AS within_1h, sum(within_1d)::int8 AS within_1d, sum(within_7d)::int8 AS within_7d,
                   sum(ever)::int8 AS ever
            FROM (
                SELECT \(columns) FROM baton.journey_rollup_hourly WHERE \(range)
                UNION ALL
                SELECT \(columns) FROM count_rows WHERE \(range)
            ) AS rows
            GROUP BY 1, 2, 3\(splitsByPlatform ? ", 4" : "") HAVING sum(ever) <> 0
            """
    }

    /// The stage rows of the range, joined to their invites, for the
    /// queries the rollup does not keep. $4 is the family id here.
    private static func stageRowsSQL(_ query: JourneyQuery) -> String {
        let key = query.groupBy?.column ?? "NULL::text"
        let family = query.familyID == nil ? "" : " AND i.family_id = $4::text"
        switch query.view {
        case .flow:
            return """
                SELECT date_bin($3::interval, s.first_at, \(FunnelStore.origin)) AS bucket, \(key) AS key, s.stage,
                       0::int8 AS within_1h, 0::int8 AS within_1d, 0::int8 AS within_7d, count(*)::int8 AS ever
                FROM baton.invite_stages s JOIN baton.invites i ON i.id = s.invite_id
                WHERE s.first_at >= $1 AND s.first_at < $2\(family)
                GROUP BY 1, 2, 3
                """
        case .cohort:
            return """
                SELECT date_bin($3::interval, c.first_at, \(FunnelStore.origin)) AS bucket, \(key) AS key, s.stage,
                       count(*) FILTER (WHERE s.first_at <= c.first_at + interval '1 hour')::int8 AS within_1h,
                       count(*) FILTER (WHERE s.first_at <= c.first_at + interval '1 day')::int8 AS within_1d,
                       count(*) FILTER (WHERE s.first_at <= c.first_at + interval '7 days')::int8 AS within_7d,
                       count(*)::int8 AS ever
                FROM baton.invite_stages c
                JOIN baton.invite_stages s ON s.invite_id = c.invite_id
                JOIN baton.invites i ON i.id = c.invite_id
                WHERE c.stage = 'issued' AND c.first_at >= $1 AND c.first_at < $2\(family)
                GROUP BY 1, 2, 3
                """
        }
    }

    static let viewsStatement = PostgresStatement(
        name: "stage_views",
        sql: """
            SELECT view, sum(count)::int8 AS count FROM baton.stage_views_hourly
            WHERE hour >= $1 AND hour < $2 GROUP BY view
            """)
}
