import BatonCore
import Foundation
import JobQueue
import Journey
import Postgres

/// Everything the `/admin` page shows for one query, read on one pooled
/// connection: the funnel report with its journey in the query's view, the
/// one breakdown the query asks for, the busiest families and the job counts.
struct DashboardData {
    let report: FunnelReport
    /// The groups of the query's `group_by`, in its view: the top
    /// ``breakdownLimit`` and "other" (the query's `top`).
    let breakdown: [JourneyGroup]
    let families: [FamilyActivity]
    let jobs: [JobCount]
    /// When the page was made (the server's clock), shown in its header.
    let generatedAt: Date

    /// Reads it all for `query`, within `limits` as the API is. The
    /// breakdown is the report's own journey, grouped by `query.groupBy`:
    /// one read of the journey's counts, in the snapshot the stage funnel is
    /// drawn from, so chart and table agree.
    /// - Throws: `FunnelError.tooLarge` before any database work,
    ///   `FunnelError.timedOut`, or `PostgresError` or `JobQueueError` from the database.
    static func load(_ query: JourneyQuery, now: Date, limits: ReportSettings, on connection: PostgresConnection) throws -> DashboardData {
        let report = try FunnelStore.report(query, limits: limits, on: connection)
        return DashboardData(
            report: report,
            breakdown: report.journey?.groups ?? [],
            families: try FamilyActivity.top(query, on: connection),
            jobs: try JobQueue.stats(on: connection),
            generatedAt: now
        )
    }
}
