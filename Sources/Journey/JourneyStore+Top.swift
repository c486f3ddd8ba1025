import Foundation
import Postgres

/// A breakdown's bound: the query's `top` groups and one "other", folded in
/// SQL, so the rows read and the groups built never grow with the number of
/// sources, campaigns, inviters or families (docs/metrics.md, "Bounds").
/// The one top-N of the journey: the API, `/admin`, `baton metrics funnel`
/// and the Prometheus stage counts all read it.
extension JourneyStore {
    /// `folded`, a common table expression over `counted` (rows of `bucket`,
    /// `key`, `stage`, `within_1h`, `within_1d`, `within_7d`, `ever`) that
    /// adds `other`: as they are without a breakdown; with one, the `top`
    /// (a parameter such as `$5::int8`) groups with the most invites issued
    /// in the range, then redeemed, then by key (bytewise, null last), keep
    /// their key, and every other group's counts are summed into one row per
    /// bucket and stage with a null key and `other` true. A `carried`
    /// column of `counted` (such as `platform`) is kept apart in the sums.
    static func foldedSQL(_ query: JourneyQuery, top: String, carrying carried: String? = nil) -> String {
        guard query.groupBy != nil else {
            return "folded AS (SELECT bucket, key, false AS other, stage, within_1h, within_1d, within_7d, ever FROM counted)"
        }
        return """
            weighed AS (
                SELECT c.*,
                       coalesce(sum(c.ever) FILTER (WHERE c.stage = 'issued') OVER (PARTITION BY c.key), 0) AS issued_total,
                       coalesce(sum(c.ever) FILTER (WHERE c.stage = 'redeemed') OVER (PARTITION BY c.key), 0) AS redeemed_total
                FROM counted c
            ), ranked AS (
                SELECT w.*, dense_rank() OVER (ORDER BY w.issued_total DESC, w.redeemed_total DESC, w.key COLLATE "C" NULLS LAST) AS rank
                FROM weighed w
            ), folded AS (
                SELECT bucket, CASE WHEN rank <= \(top) THEN key END AS key, rank > \(top) AS other, stage\(carried.map { ", \($0)" } ?? ""),
                       sum(within_1h)::int8 AS within_1h, sum(within_1d)::int8 AS within_1d, sum(within_7d)::int8 AS within_7d,
                       sum(ever)::int8 AS ever
                FROM ranked
                GROUP BY 1, 2, 3, 4\(carried == nil ? "" : ", 5")
            )
            """
    }

    /// The groups that count rows (`bucket`, `key`, `other`, `stage`,
    /// `within_1h`, `within_1d`, `within_7d`, `ever`) add up to, ordered by
    /// ``larger(_:_:)``, "other" last.
    static func grouped(_ rows: [PostgresRow], _ query: JourneyQuery) throws -> [JourneyGroup] {
        var groups: [String?: JourneyGroup] = [:]
        var other: JourneyGroup?
        for row in rows {
            guard let stage = InviteStage(rawValue: try row.decode("stage")) else { continue }
            let groupKey: String? = try row.decode("key")
            let start: Date = try row.decode("bucket")
            let index = Int(Int64(start.timeIntervalSince(query.from).rounded()) / query.interval.seconds)
            let reach = StageReach(
                within1h: try row.decode("within_1h"), within1d: try row.decode("within_1d"), within7d: try row.decode("within_7d"),
                ever: try row.decode("ever"))
            // In place: a copy out of the dictionary and back would copy
            // the group's buckets on every row.
            if try row.decode(Bool.self, "other") {
                if other == nil { other = JourneyGroup(key: nil, query: query, isOther: true) }
                other?.add(stage, reach, bucket: index)
            } else {
                groups[groupKey, default: JourneyGroup(key: groupKey, query: query)].add(stage, reach, bucket: index)
            }
        }
        if query.groupBy == nil, groups.isEmpty { groups[nil] = JourneyGroup(key: nil, query: query) }
        return groups.values.sorted(by: larger) + (other.map { [$0] } ?? [])
    }

    /// Most issued first, then most redeemed, then by key (nil last): the
    /// order the SQL ranks in.
    private static func larger(_ a: JourneyGroup, _ b: JourneyGroup) -> Bool {
        let left = (a.totals.stages[.issued] ?? 0, a.totals.stages[.redeemed] ?? 0)
        let right = (b.totals.stages[.issued] ?? 0, b.totals.stages[.redeemed] ?? 0)
        if left != right { return left > right }
        switch (a.key, b.key) {
        case (let x?, let y?): return x.utf8.lexicographicallyPrecedes(y.utf8)
        case (_?, nil): return true
        default: return false
        }
    }
}
