import Foundation
import Postgres

/// Reads the journey of a funnel query from `baton.invite_stages` (one row
/// per invite and stage reached) and `baton.stage_views_hourly`, in one
/// read-only repeatable-read transaction, so its numbers are one snapshot
/// and equal counts over those tables.
public enum JourneyStore {
    /// The journey for `query`: per group and bucket, the invites that first
    /// reached each stage (flow) or the invites issued and when they reached
    /// each stage (cohort); the times between stages over the same invites;
    /// the views. Cost: the stage rows of the range (a cohort also reads its
    /// invites' later stages), joined to the invites when grouped or for one family.
    /// - Throws: `PostgresError` from the database.
    public static func report(_ query: FunnelQuery, on connection: PostgresConnection) throws -> JourneyReport {
        let family: [any PostgresBindable] = query.familyID.map { [$0] } ?? []
        let (groups, timeRows, viewRows) = try connection.transaction(isolation: .repeatableRead, readOnly: true) { connection in
            try connection.runScript("SET LOCAL jit = off")
            let groups = try Self.groups(query, on: connection)
            let times = try connection.query(timesStatement(query), [query.from, query.to] + family)
            let views = query.familyID == nil ? try connection.query(viewsStatement, [query.from, query.to]) : nil
            return (groups, times, views)
        }
        var totals = JourneyTally(view: query.view)
        for group in groups { totals.add(group.totals) }
        let times = try timeRows.map { row throws(PostgresError) in
            StageTime(
                from: InviteStage(rawValue: try row.decode("from_stage")) ?? .issued,
                to: InviteStage(rawValue: try row.decode("to_stage")) ?? .redeemed, count: try row.decode("count"),
                p50Seconds: try row.decode("p50"), p90Seconds: try row.decode("p90"), p99Seconds: try row.decode("p99"))
        }
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
    /// every group (unbounded): the part of ``report(_:on:)`` that a
    /// breakdown or a metrics scrape shows, without the times between stages
    /// and the views, which cost more than the counts. One statement.
    /// - Throws: `PostgresError` from the database.
    public static func groups(_ query: FunnelQuery, on connection: PostgresConnection) throws -> [JourneyGroup] {
        let family: [any PostgresBindable] = query.familyID.map { [$0] } ?? []
        let rows = try connection.query(countsStatement(query), [query.from, query.to, query.interval.sqlInterval] + family)
        var groups: [String?: JourneyGroup] = [:]
        for row in rows {
            guard let stage = InviteStage(rawValue: try row.decode("stage")) else { continue }
            let groupKey: String? = try row.decode("key")
            let start: Date = try row.decode("bucket")
            let index = Int(Int64(start.timeIntervalSince(query.from).rounded()) / query.interval.seconds)
            let reach = StageReach(
                within1h: try row.decode("within_1h"), within1d: try row.decode("within_1d"), within7d: try row.decode("within_7d"),
                ever: try row.decode("ever"))
            var group = groups[groupKey] ?? JourneyGroup(key: groupKey, query: query)
            if group.buckets.indices.contains(index) { group.buckets[index].tally.add(stage, reach) }
            group.totals.add(stage, reach)
            groups[groupKey] = group
        }
        if query.groupBy == nil, groups.isEmpty { groups[nil] = JourneyGroup(key: nil, query: query) }
        return groups.values.sorted(by: larger)
    }

    /// Most issued first, then most redeemed, then by key (nil last).
    private static func larger(_ a: JourneyGroup, _ b: JourneyGroup) -> Bool {
        let left = (a.totals.stages[.issued] ?? 0, a.totals.stages[.redeemed] ?? 0)
        let right = (b.totals.stages[.issued] ?? 0, b.totals.stages[.redeemed] ?? 0)
        if left != right { return left > right }
        switch (a.key, b.key) {
        case (let x?, let y?): return x < y
        case (_?, nil): return true
        default: return false
        }
    }

    /// The counts of `query`'s shape (view, grouping, one family or all).
    /// $1 from, $2 to, $3 bucket width, $4 family id (when the query has
    /// one). Rows: `bucket`, `key`, `stage`, `within_1h`, `within_1d`,
    /// `within_7d`, `ever` (a flow's rows have `ever` only, the rest 0).
    static func countsStatement(_ query: FunnelQuery) -> PostgresStatement {
        PostgresStatement(name: "journey_counts_\(shape(query))", sql: countsSQL(query))
    }

    /// The times of `query`'s shape: $1 from, $2 to, $3 family id (when
    /// the query has one). Rows: `from_stage`, `to_stage`, `count`, `p50`, `p90`, `p99`.
    static func timesStatement(_ query: FunnelQuery) -> PostgresStatement {
        PostgresStatement(name: "journey_times_\(shape(query))", sql: timesSQL(query))
    }

    /// A name for the statement variant: view, grouping, one family or all.
    private static func shape(_ query: FunnelQuery) -> String {
        "\(query.view.rawValue)_\(query.groupBy?.rawValue ?? "all")_\(query.familyID == nil ? "all" : "family")"
    }

    private static func countsSQL(_ query: FunnelQuery) -> String {
        let key = query.groupBy?.column ?? "NULL::text"
        let joinsInvites = query.groupBy != nil || query.familyID != nil
        let family = query.familyID == nil ? "" : " AND i.family_id = $4::text"
        switch query.view {
        case .flow:
            return """
                SELECT date_bin($3::interval, s.first_at, \(FunnelStore.origin)) AS bucket, \(key) AS key, s.stage,
                       0::int8 AS within_1h, 0::int8 AS within_1d, 0::int8 AS within_7d, count(*)::int8 AS ever
                FROM baton.invite_stages s\(joinsInvites ? " JOIN baton.invites i ON i.id = s.invite_id" : "")
                WHERE s.stage IN (\(allStages)) AND s.first_at >= $1 AND s.first_at < $2\(family)
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
                JOIN baton.invite_stages s ON s.invite_id = c.invite_id\(joinsInvites ? "\nJOIN baton.invites i ON i.id = c.invite_id" : "")
                WHERE c.stage = 'issued' AND c.first_at >= $1 AND c.first_at < $2\(family)
                GROUP BY 1, 2, 3
                """
        }
    }

    /// The times of ``StageTime/pairs`` over the invites whose later stage
    /// is in the range (flow) or that were issued in it (cohort).
    private static func timesSQL(_ query: FunnelQuery) -> String {
        let pairs = StageTime.pairs.enumerated().map { "(\($0.offset), '\($0.element.from.rawValue)', '\($0.element.to.rawValue)')" }
        let family = query.familyID == nil ? "" : "\nJOIN baton.invites i ON i.id = b.invite_id AND i.family_id = $3::text"
        let range =
            query.view == .flow
            ? "b.first_at >= $1 AND b.first_at < $2"
            : "EXISTS (SELECT 1 FROM baton.invite_stages c WHERE c.invite_id = b.invite_id AND c.stage = 'issued' AND c.first_at >= $1 AND c.first_at < $2)"
        return """
            WITH pairs (position, from_stage, to_stage) AS (VALUES \(pairs.joined(separator: ", "))),
            measured AS (
                SELECT p.position, extract(epoch FROM b.first_at - a.first_at)::float8 AS seconds
                FROM pairs p
                JOIN baton.invite_stages b ON b.stage = p.to_stage
                JOIN baton.invite_stages a ON a.invite_id = b.invite_id AND a.stage = p.from_stage\(family)
                WHERE \(range) AND b.first_at >= a.first_at
            )
            SELECT p.from_stage, p.to_stage, count(m.seconds)::int8 AS count,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY m.seconds) AS p50,
                   percentile_cont(0.9) WITHIN GROUP (ORDER BY m.seconds) AS p90,
                   percentile_cont(0.99) WITHIN GROUP (ORDER BY m.seconds) AS p99
            FROM pairs p LEFT JOIN measured m ON m.position = p.position
            GROUP BY p.position, p.from_stage, p.to_stage
            ORDER BY p.position
            """
    }

    static let viewsStatement = PostgresStatement(
        name: "stage_views",
        sql: """
            SELECT view, sum(count)::int8 AS count FROM baton.stage_views_hourly
            WHERE hour >= $1 AND hour < $2 GROUP BY view
            """)

    private static let allStages = InviteStage.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
