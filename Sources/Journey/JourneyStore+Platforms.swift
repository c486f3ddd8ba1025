import BatonCore
import Foundation
import Postgres

/// A breakdown by a rollup's attribute and, within each group, by platform:
/// what the Prometheus stage counts label by `source` and `platform`.
extension JourneyStore {
    /// The groups of an all-families `query` (grouped by `source` or
    /// `campaign`, the keys the rollup keeps) split by the platform of the
    /// invites' first open: for each platform seen (nil for none), its share
    /// of each group. The top `query.top` groups and "other" are ranked over
    /// all platforms together, so each split holds the same keys as
    /// ``groups(_:statementTimeout:on:)`` and the splits add up to them; at
    /// most five splits (``JourneyPlatform`` and none). One statement over
    /// the rollup rows of the range and the invites changed past the
    /// watermark, in its own ``ReportSnapshot``.
    /// - Precondition: `query.familyID` is nil and `query.groupBy` is `.source` or `.campaign`.
    /// - Throws: `FunnelError.timedOut`, or `PostgresError` from the database.
    public static func groupsByPlatform(
        _ query: JourneyQuery, statementTimeout: Duration = ReportSettings.defaultStatementTimeout, on connection: PostgresConnection
    ) throws -> [JourneyPlatform?: [JourneyGroup]] {
        precondition(query.familyID == nil && (query.groupBy == .source || query.groupBy == .campaign), "a rollup key, all families")
        let rows = try snapshot(on: connection, timeout: statementTimeout) { connection, watermark in
            Array(
                try connection.query(
                    platformCountsStatement(query), [query.from, query.to, query.interval.sqlInterval, watermark, query.top]))
        }
        var split: [JourneyPlatform?: [PostgresRow]] = [:]
        for row in rows {
            let platform: String? = try row.decode("platform")
            split[platform.flatMap(JourneyPlatform.init(rawValue:)), default: []].append(row)
        }
        return try split.mapValues { try grouped($0, query) }
    }

    /// The counts of ``countsStatement(_:)`` for a rollup key, with a
    /// `platform` column after `stage`. $1 from, $2 to, $3 bucket width, $4
    /// the watermark, $5 the top.
    static func platformCountsStatement(_ query: JourneyQuery) -> PostgresStatement {
        PostgresStatement(
            name: "journey_counts_\(query.view.rawValue)_\(query.groupBy?.rawValue ?? "all")_by_platform",
            sql: """
                WITH \(changesPastWatermark), counted AS (\(rolledUpSQL(query, splitsByPlatform: true))),
                \(foldedSQL(query, top: "$5::int8", carrying: "platform")) SELECT * FROM folded
                """)
    }
}
