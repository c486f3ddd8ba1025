import BatonCore
import Foundation
import Postgres

/// Everything the `/admin` page shows for one query, read on one pooled
/// connection: the funnel report, the journey's breakdowns, the busiest
/// families and the job counts.
struct DashboardData {
    let report: FunnelReport
    /// Per attribute, the top groups and "other" (flow).
    let breakdowns: [(grouping: FunnelGrouping, groups: [JourneyGroup])]
    let families: [FamilyActivity]
    let jobs: [JobCount]
    /// When the page was made (the server's clock), shown in its header.
    let generatedAt: Date

    /// Reads it all for `query`.
    /// - Throws: `PostgresError` or `JobQueueError` from the database.
    static func load(_ query: FunnelQuery, now: Date, on connection: PostgresConnection) throws -> DashboardData {
        DashboardData(
            report: try FunnelStore.report(query, on: connection),
            breakdowns: try loadBreakdowns(query, on: connection),
            families: try FamilyActivity.top(query, on: connection),
            jobs: try JobQueue.stats(on: connection),
            generatedAt: now
        )
    }
}
