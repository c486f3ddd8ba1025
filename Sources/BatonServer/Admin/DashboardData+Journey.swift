import BatonCore
import Foundation
import Postgres

/// The journey's charts and breakdowns: the stage funnel, the drop-off
/// between each pair of stages, and the top groups by each attribute.
extension DashboardData {
    /// Groups shown per breakdown; the rest are summed as "other".
    static let breakdownLimit = 5

    /// Invites that reached each stage of the funnel in the range (flow),
    /// one bar per stage, in order.
    var stageFunnelChart: SVGChart {
        let totals = report.journey?.totals ?? JourneyTally(view: .flow)
        var chart = SVGChart(
            title: "Stage funnel", style: .bars, categories: InviteStage.funnel.map(\.rawValue),
            series: [.init(name: "invites", values: InviteStage.funnel.map { Double(totals.stages[$0] ?? 0) })]
        )
        chart.slantsLabels = true
        chart.height = 300
        return chart
    }

    /// The share of invites lost between each pair of consecutive funnel
    /// stages, as percentages (zero where the earlier stage has none).
    var dropOffChart: SVGChart {
        let totals = report.journey?.totals ?? JourneyTally(view: .flow)
        let pairs = zip(InviteStage.funnel, InviteStage.funnel.dropFirst()).map { ($0, $1) }
        var chart = SVGChart(
            title: "Drop-off between stages", style: .bars, categories: pairs.map { "\($0.0.rawValue) → \($0.1.rawValue)" },
            series: [.init(name: "lost", values: pairs.map { max(0, 1 - (totals.share($0.1, of: $0.0) ?? 1)) * 100 })]
        )
        chart.format = { DisplayFormat.count($0.rounded()) + " %" }
        chart.slantsLabels = true
        chart.height = 320
        return chart
    }

    /// The top ``breakdownLimit`` groups and "other", per attribute, for `query`.
    /// - Throws: `PostgresError` from the database.
    static func loadBreakdowns(_ query: FunnelQuery, on connection: PostgresConnection) throws -> [(
        grouping: FunnelGrouping, groups: [JourneyGroup]
    )] {
        try FunnelGrouping.allCases.map { grouping in
            var grouped = query
            grouped.groupBy = grouping
            grouped.view = .flow
            return (grouping: grouping, groups: try JourneyStore.groups(grouped, on: connection).bounded(top: breakdownLimit))
        }
    }
}
