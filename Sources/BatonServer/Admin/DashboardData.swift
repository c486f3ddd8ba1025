import BatonCore
import Foundation
import Postgres

/// Everything the `/admin` page shows for one query, read on one pooled
/// connection: the funnel report, the busiest families and the job counts.
struct DashboardData {
    let report: FunnelReport
    let families: [FamilyActivity]
    let jobs: [JobCount]
    /// When the page was made (the server's clock), shown in its header.
    let generatedAt: Date

    /// Reads it all for `query`.
    /// - Throws: `PostgresError` or `JobQueueError` from the database.
    static func load(_ query: FunnelQuery, now: Date, on connection: PostgresConnection) throws -> DashboardData {
        DashboardData(
            report: try FunnelStore.report(query, on: connection),
            families: try FamilyActivity.top(query, on: connection),
            jobs: try JobQueue.stats(on: connection),
            generatedAt: now
        )
    }
}
