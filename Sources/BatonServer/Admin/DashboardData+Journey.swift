import BatonCore
import Foundation
import Journey

/// The journey's charts, in the query's view: the stage funnel and the
/// drop-off between each pair of stages.
extension DashboardData {
    /// Groups shown in the breakdown; the rest are summed as "other".
    static let breakdownLimit = 5

    /// The view the journey counts in, named as the page names it.
    var view: FunnelView { report.query.view }

    /// The journey over the whole range, all groups together.
    var journeyTotals: JourneyTally { report.journey?.totals ?? JourneyTally(view: view) }

    /// The invites at each stage of the funnel, one bar per stage, in
    /// order: those that first reached it in the range (flow), or those
    /// issued in the range that reached it (cohort).
    var stageFunnelChart: SVGChart {
        let totals = journeyTotals
        var chart = SVGChart(
            title: "Stage funnel (\(view.rawValue))", style: .bars, categories: InviteStage.funnel.map(\.rawValue),
            series: [.init(name: "invites", values: InviteStage.funnel.map { Double(totals.stages[$0] ?? 0) })]
        )
        chart.slantsLabels = true
        chart.height = 300
        return chart
    }

    /// The share of invites lost between each pair of consecutive funnel
    /// stages, as percentages (zero where the earlier stage has none).
    var dropOffChart: SVGChart {
        let totals = journeyTotals
        let pairs = zip(InviteStage.funnel, InviteStage.funnel.dropFirst()).map { ($0, $1) }
        var chart = SVGChart(
            title: "Drop-off between stages (\(view.rawValue))", style: .bars,
            categories: pairs.map { "\($0.0.rawValue) → \($0.1.rawValue)" },
            series: [.init(name: "lost", values: pairs.map { max(0, 1 - (totals.share($0.1, of: $0.0) ?? 1)) * 100 })]
        )
        chart.format = { DisplayFormat.count($0.rounded()) + " %" }
        chart.slantsLabels = true
        chart.height = 320
        return chart
    }
}
