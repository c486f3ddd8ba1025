import Foundation

/// The result of one benchmark run: what Baton achieved next to the ceiling it
/// is judged against, measured on the same machine in the same run.
///
/// Every benchmark in `baton-bench` reports through this type so that all
/// numbers read the same way: ours, the ceiling, and their ratio.
public struct BenchmarkReport: Sendable {
    /// One measured figure and, when there is one, its ceiling.
    public struct Row: Sendable {
        /// What was measured, such as `preview over HTTP, 64 connections`.
        public var name: String
        /// The unit of `ours` and `ceiling`, such as `req/s` or `bytes`.
        public var unit: String
        /// Baton's figure (a median when the benchmark repeats).
        public var ours: Double
        /// The smallest and largest of the repeated runs, when repeated.
        public var oursRange: ClosedRange<Double>?
        /// The ceiling's figure on the same machine, when there is one.
        public var ceiling: Double?
        /// What the ceiling is, such as `pgbench -S` or `C server on libmicrohttpd`.
        public var ceilingName: String?
        /// Whether a larger figure is better (throughput) or worse (latency, memory).
        public var higherIsBetter: Bool
        /// Ours over the ceiling within each repetition, when both were
        /// measured side by side in it; empty otherwise. The machine's speed
        /// drifts between repetitions (a shared host), and a ratio taken
        /// within one repetition cancels that drift where a ratio of two
        /// medians does not.
        public var pairedRatios: [Double] = []

        /// A row; `ceiling` and `ceilingName` go together.
        public init(
            name: String, unit: String, ours: Double, oursRange: ClosedRange<Double>? = nil,
            ceiling: Double? = nil, ceilingName: String? = nil, higherIsBetter: Bool = true
        ) {
            self.name = name
            self.unit = unit
            self.ours = ours
            self.oursRange = oursRange
            self.ceiling = ceiling
            self.ceilingName = ceilingName
            self.higherIsBetter = higherIsBetter
        }

        /// A row from every repeated run: ours is the median of `runs` with
        /// their min–max, the ceiling the median of `ceilingRuns` (nil when
        /// there are none). With `paired`, `runs[i]` and `ceilingRuns[i]` were
        /// measured in the same repetition and the ratio is the median of
        /// their ratios (when both have the same count and no zero ceiling).
        public init(
            name: String, unit: String, runs: [Double], ceilingRuns: [Double] = [], ceilingName: String? = nil,
            higherIsBetter: Bool = true, paired: Bool = false
        ) {
            self.init(
                name: name, unit: unit, ours: BenchmarkReport.median(runs) ?? 0, oursRange: BenchmarkReport.range(runs),
                ceiling: BenchmarkReport.median(ceilingRuns), ceilingName: ceilingName, higherIsBetter: higherIsBetter
            )
            if paired, runs.count == ceilingRuns.count, !ceilingRuns.contains(0) {
                pairedRatios = zip(runs, ceilingRuns).map { $0 / $1 }
            }
        }

        /// Ours over the ceiling: the median of the paired ratios when there
        /// are some, else of the two medians; nil without a ceiling. For
        /// figures where lower is better it is still ours / ceiling, so 2.0
        /// means twice the cost.
        public var ratio: Double? {
            if let paired = BenchmarkReport.median(pairedRatios) { return paired }
            guard let ceiling, ceiling != 0 else { return nil }
            return ours / ceiling
        }
    }

    /// The report's heading.
    public var title: String
    /// Markdown shown between the title and the rows, such as a compact
    /// table of how figures grow with a parameter; nil for none.
    public var summary: String?
    /// The measured rows in the order they were run.
    public var rows: [Row]
    /// Free-form remarks: settings, caveats, what the ceiling ran.
    public var notes: [String]

    /// An empty report titled `title`.
    public init(title: String, rows: [Row] = [], notes: [String] = []) {
        self.title = title
        self.rows = rows
        self.notes = notes
    }

    /// The report as a Markdown section with one table.
    public func markdown() -> String {
        var out = "## \(title)\n\n"
        if let summary { out += summary + "\n" }
        out += "| measure | Baton | ceiling | ceiling is | ratio |\n|---|---:|---:|---|---:|\n"
        for row in rows {
            var ours = "\(Self.format(row.ours)) \(row.unit)"
            if let range = row.oursRange { ours += " " + Self.format(range) }
            let ceiling = row.ceiling.map { "\(Self.format($0)) \(row.unit)" } ?? "–"
            var ratio = row.ratio.map { String(format: "%.0f %%", $0 * 100) } ?? "–"
            if row.pairedRatios.count > 1, let range = BenchmarkReport.range(row.pairedRatios) {
                ratio += String(format: " (%.0f–%.0f)", range.lowerBound * 100, range.upperBound * 100)
            }
            out += "| \(row.name) | \(ours) | \(ceiling) | \(row.ceilingName ?? "–") | \(ratio) |\n"
        }
        if !notes.isEmpty {
            out += "\n" + notes.map { "- \($0)" }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// Figures with at most three significant decimals, grouped for reading.
    static func format(_ value: Double) -> String {
        if value >= 100 { return String(format: "%.0f", value) }
        if value >= 1 { return String(format: "%.2f", value) }
        return String(format: "%.3g", value)
    }

    /// A range as the report prints it: `(min–max)`.
    static func format(_ range: ClosedRange<Double>) -> String {
        "(\(format(range.lowerBound))–\(format(range.upperBound)))"
    }

    /// The smallest to the largest of `values`; nil for none.
    public static func range(_ values: [Double]) -> ClosedRange<Double>? {
        guard let low = values.min(), let high = values.max() else { return nil }
        return low...high
    }

    /// The median of `values`; nil for none. Benchmarks repeat and report this.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[mid]
    }
}
