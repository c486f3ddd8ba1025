import BatonCore
import Foundation
import JobQueue
import Journey

/// The page's charts, each an ``SVGChart`` over part of the data.
extension DashboardData {
    private var bucketLabels: [String] {
        report.buckets.map { DisplayFormat.bucketLabel($0.start, interval: report.query.interval) }
    }

    /// Events per stage per bucket, one line per stage.
    var funnelChart: SVGChart {
        let stages: [(String, KeyPath<FunnelCounts, Int>)] = [
            ("issued", \.issued), ("previewed", \.previewed), ("redeemed", \.redeemed), ("expired", \.expired), ("revoked", \.revoked),
        ]
        return SVGChart(
            title: "Funnel over time", style: .lines, categories: bucketLabels,
            series: stages.map { name, path in .init(name: name, values: report.buckets.map { Double($0.tally.counts[keyPath: path]) }) }
        )
    }

    /// The three stage ratios per bucket, as percentages; a bucket without
    /// the denominator draws zero (its hover reads 0 %).
    var conversionChart: SVGChart {
        let ratios: [(String, KeyPath<FunnelConversion, Double?>)] = [
            ("previewed / issued", \.previewedOfIssued), ("redeemed / previewed", \.redeemedOfPreviewed),
            ("redeemed / issued", \.redeemedOfIssued),
        ]
        var chart = SVGChart(
            title: "Conversion over time", style: .lines, categories: bucketLabels,
            series: ratios.map { name, path in
                .init(name: name, values: report.buckets.map { ($0.tally.counts.conversion[keyPath: path] ?? 0) * 100 })
            }
        )
        chart.format = { DisplayFormat.count($0.rounded()) + " %" }
        return chart
    }

    /// Redemptions per doubling of the time to redeem (`<1 s`, `1 s`, `2 s`,
    /// `4 s`, …: each bar from its label to twice it), every doubling
    /// between the fastest and slowest present.
    var timeToRedeemChart: SVGChart {
        var perDoubling: [Int: Int] = [:]
        for bin in report.totals.timeToRedeem.histogram {
            let doubling = bin.lowerSeconds < 1 ? -1 : Int(log2(bin.lowerSeconds).rounded(.down))
            perDoubling[doubling, default: 0] += bin.count
        }
        var span: [Int] = []
        if let fastest = perDoubling.keys.min(), let slowest = perDoubling.keys.max() { span = Array(fastest...slowest) }
        return SVGChart(
            title: "Time to redeem", style: .bars,
            categories: span.map { $0 < 0 ? "<1 s" : DisplayFormat.duration(pow(2, Double($0))) },
            series: [.init(name: "redemptions", values: span.map { Double(perDoubling[$0] ?? 0) })]
        )
    }

    /// Refusals per code, most first; nil for a one-family report (refusals
    /// are counted for all families together).
    var rejectionChart: SVGChart? {
        guard let byCode = report.totals.tally.rejectionsByCode else { return nil }
        let sorted = byCode.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        var chart = SVGChart(
            title: "Top rejection reasons", style: .bars, categories: sorted.map(\.key),
            series: [.init(name: "rejections", values: sorted.map { Double($0.value) })]
        )
        chart.slantsLabels = true
        chart.height = 300
        return chart
    }

    /// Redemptions per channel over the range.
    var channelChart: SVGChart {
        let channels = RedemptionChannel.allCases.map(\.rawValue)
        return SVGChart(
            title: "Redemptions by channel", style: .bars, categories: channels,
            series: [.init(name: "redemptions", values: channels.map { Double(report.totals.tally.redemptionsByChannel[$0] ?? 0) })]
        )
    }

    /// Jobs per state, one bar per kind.
    var queueChart: SVGChart {
        let states = JobState.allCases
        let kinds = Array(Set(jobs.map(\.kind))).sorted()
        var chart = SVGChart(
            title: "Queue health", style: .bars, categories: states.map(\.rawValue),
            series: kinds.map { kind in
                .init(name: kind, values: states.map { state in Double(jobs.first { $0.kind == kind && $0.state == state }?.count ?? 0) })
            }
        )
        chart.namesSingleSeries = true
        return chart
    }
}
