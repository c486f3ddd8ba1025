import BatonCore
import Foundation
import Journey
import SafeText

/// A funnel report for people: one row per bucket with a bar after each
/// count (scaled to the column's largest), the totals, conversion, time to
/// redeem, channels and refusals, then the journey's stages. Family ids and group keys are escaped; every cell goes
/// through `Console.tableText`, which escapes too.
struct FunnelTable {
    let report: FunnelReport

    /// Eight heights, lowest first, for bars.
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The lines to print.
    var lines: [String] {
        let query = report.query
        let scope = query.familyID.map { "family " + SafeText.escaped($0) } ?? "all families"
        var lines = ["Funnel for \(scope), \(stamp(query.from)) to \(stamp(query.to)) UTC, by \(query.interval.rawValue)", ""]
        let columns: [(String, (FunnelCounts) -> Int)] = [
            ("ISSUED", \.issued), ("PREVIEWED", \.previewed), ("REDEEMED", \.redeemed), ("EXPIRED", \.expired), ("REVOKED", \.revoked),
        ]
        let peaks = columns.map { column in report.buckets.map { column.1($0.tally.counts) }.max() ?? 0 }
        let rows = report.buckets.map { bucket in
            [stamp(bucket.start)]
                + columns.indices.map { index in
                    let value = columns[index].1(bucket.tally.counts)
                    return "\(value) \(Self.bar(value, peak: peaks[index]))"
                } + [Self.percent(bucket.tally.counts.conversion.redeemedOfIssued)]
        }
        let totals = report.totals.tally
        let totalRow = ["TOTAL"] + columns.map { String($0.1(totals.counts)) } + [Self.percent(totals.counts.conversion.redeemedOfIssued)]
        lines.append(Console.tableText(["BUCKET"] + columns.map(\.0) + ["REDEEMED/ISSUED"], rows + [totalRow]))
        lines.append("")
        let conversion = totals.counts.conversion
        lines.append(
            "Conversion: previewed/issued \(Self.percent(conversion.previewedOfIssued)), "
                + "redeemed/previewed \(Self.percent(conversion.redeemedOfPreviewed)), redeemed/issued \(Self.percent(conversion.redeemedOfIssued))"
        )
        let time = report.totals.timeToRedeem
        lines.append(
            "Time to redeem (\(time.count) redemption(s)): p50 \(Self.duration(time.p50Seconds)), "
                + "p90 \(Self.duration(time.p90Seconds)), p99 \(Self.duration(time.p99Seconds))")
        lines.append("Redemptions by channel: " + Self.breakdown(totals.redemptionsByChannel))
        lines.append("Refusals by code: " + (totals.rejectionsByCode.map(Self.breakdown) ?? "counted for all families only"))
        return lines + journeyLines
    }

    /// The journey: a row per group (the query's top and "other") of
    /// invites per funnel stage, in a cohort the share redeemed within
    /// 1 h, 1 d, 7 d and ever; then the times between stages.
    private var journeyLines: [String] {
        guard let journey = report.journey else { return [] }
        let by = journey.groupBy.map { " by \($0.rawValue)" } ?? ""
        let counted =
            journey.view == .flow ? "invites reaching each stage in the range" : "invites issued in the range and the stages they reached"
        var head = [journey.groupBy?.rawValue.uppercased() ?? "GROUP"] + InviteStage.funnel.map { $0.rawValue.uppercased() }
        if journey.view == .cohort { head += ["REDEEMED 1H", "1D", "7D", "EVER"] }
        let rows = journey.groups.map { group in
            let name = group.isOther ? "(other)" : group.key.map { SafeText.escaped($0) } ?? (journey.groupBy == nil ? "all" : "(none)")
            var row = [name] + InviteStage.funnel.map { String(group.totals.stages[$0] ?? 0) }
            if let reach = group.totals.reached?[.redeemed] {
                let issued = group.totals.stages[.issued] ?? 0
                row += [reach.within1h, reach.within1d, reach.within7d, reach.ever].map {
                    Self.percent(issued == 0 ? nil : Double($0) / Double(issued))
                }
            }
            return row
        }
        var lines = ["", "Journey\(by), \(journey.view.rawValue): \(counted)", Console.tableText(head, rows)]
        lines.append(
            "Time between stages: "
                + journey.timesBetweenStages.map {
                    "\($0.from.rawValue) → \($0.to.rawValue) p50 \(Self.duration($0.p50Seconds)) p90 \(Self.duration($0.p90Seconds)) "
                        + "p99 \(Self.duration($0.p99Seconds))"
                }.joined(separator: "; "))
        if let views = journey.views {
            lines.append("Views: " + Self.breakdown(Dictionary(uniqueKeysWithValues: views.map { ($0.key.rawValue, $0.value) })))
        }
        return lines
    }

    /// A block whose height is `value` over `peak`; a space for zero.
    static func bar(_ value: Int, peak: Int) -> String {
        guard value > 0, peak > 0 else { return " " }
        let index = min(blocks.count - 1, (value * blocks.count - 1) / peak)
        return String(blocks[index])
    }

    /// `name count bar` per entry, largest first, zeros left out.
    static func breakdown(_ counts: [String: Int]) -> String {
        let peak = counts.values.max() ?? 0
        let entries = counts.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        guard !entries.isEmpty else { return "none" }
        return entries.map { "\(SafeText.escaped($0.key)) \($0.value) \(bar($0.value, peak: peak))" }.joined(separator: ", ")
    }

    /// `45.5 %`, or `-` when undefined.
    static func percent(_ ratio: Double?) -> String {
        ratio.map { String(format: "%.1f %%", $0 * 100) } ?? "-"
    }

    /// `42 s`, `3.5 min`, `2.1 h`, `4.0 d`, or `-`.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "-" }
        switch seconds {
        case ..<60: return String(format: "%.1f s", seconds)
        case ..<3_600: return String(format: "%.1f min", seconds / 60)
        case ..<86_400: return String(format: "%.1f h", seconds / 3_600)
        default: return String(format: "%.1f d", seconds / 86_400)
        }
    }

    /// A bucket edge as its interval reads best: `2026-11-29 13:00` for hours, `2026-11-29` otherwise.
    private func stamp(_ date: Date) -> String {
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        return report.query.interval == .hour
            ? date.formatted(style.year().month().day().dateTimeSeparator(.space).time(includingFractionalSeconds: false)).dropLast(3)
                .description
            : date.formatted(style.year().month().day())
    }
}
