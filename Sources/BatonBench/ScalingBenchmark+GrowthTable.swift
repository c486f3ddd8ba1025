import Foundation

extension ScalingBenchmark {
    /// How the API's figures grow with the invites table, compactly: a row
    /// per table size, a column per figure, each cell the median of the
    /// repetitions at that size with their min–max, and Baton's throughput
    /// over the C ceiling's measured at the same size.
    struct GrowthTable {
        /// Every run of one API benchmark, by series.
        typealias Runs = [APIBenchmark.Series: [APIBenchmark.Measurement]]

        /// One table size: its label and the API benchmark's runs there.
        struct Size {
            var label: String
            var runs: Runs
        }

        /// A figure's median over the repetitions and its min–max; nil
        /// when no run measured it.
        struct Cell: Equatable {
            var median: Double
            var range: ClosedRange<Double>

            init?(_ figures: [Double]) {
                guard let median = BenchmarkReport.median(figures), let range = BenchmarkReport.range(figures) else { return nil }
                self.median = median
                self.range = range
            }
        }

        /// A column: its heading, each repetition's figure from the runs, and
        /// how a figure is written (whole percentages for the ratios).
        struct Column: Sendable {
            var heading: String
            var format: @Sendable (Double) -> String = { BenchmarkReport.format($0) }
            var figures: @Sendable (Runs) -> [Double]
        }

        /// The measured sizes, smallest first.
        var sizes: [Size]

        /// Throughput, latency and server CPU of preview and redeem, then
        /// the ratios to the C ceiling.
        static let columns: [Column] = [
            Column(heading: "preview req/s") { figures($0, .previewOurs) { $0.requestsPerSecond } },
            Column(heading: "preview p50 ms") { figures($0, .previewOurs) { $0.p50Milliseconds } },
            Column(heading: "preview p99 ms") { figures($0, .previewOurs) { $0.p99Milliseconds } },
            Column(heading: "redeem req/s") { figures($0, .redeemOurs) { $0.requestsPerSecond } },
            Column(heading: "redeem p50 ms") { figures($0, .redeemOurs) { $0.p50Milliseconds } },
            Column(heading: "redeem p99 ms") { figures($0, .redeemOurs) { $0.p99Milliseconds } },
            Column(heading: "CPU µs/preview") { figures($0, .previewOurs) { $0.cpuMicrosecondsPerRequest } },
            Column(heading: "CPU µs/redeem") { figures($0, .redeemOurs) { $0.cpuMicrosecondsPerRequest } },
            Column(heading: "preview % of C", format: percent) { percentages($0, .previewOurs, of: .previewCeiling) },
            Column(heading: "redeem % of C", format: percent) { percentages($0, .redeemOurs, of: .redeemCeiling) },
        ]

        /// Each size's cells, in the order of `columns`.
        func cells() -> [[Cell?]] {
            sizes.map { size in Self.columns.map { Cell($0.figures(size.runs)) } }
        }

        /// The table as Markdown, `median (min–max)` in every cell.
        func markdown() -> String {
            var out = "| invites | " + Self.columns.map(\.heading).joined(separator: " | ") + " |\n"
            out += "|---|" + String(repeating: "---:|", count: Self.columns.count) + "\n"
            for (size, cells) in zip(sizes, cells()) {
                let text = zip(Self.columns, cells).map { column, cell in
                    cell.map { "\(column.format($0.median)) (\(column.format($0.range.lowerBound))–\(column.format($0.range.upperBound)))" }
                        ?? "–"
                }
                out += "| \(size.label) | " + text.joined(separator: " | ") + " |\n"
            }
            return out
        }

        private static let percent: @Sendable (Double) -> String = { String(format: "%.0f", $0) }

        private static func figures(
            _ runs: Runs, _ series: APIBenchmark.Series, _ value: (APIBenchmark.Measurement) -> Double?
        ) -> [Double] {
            (runs[series] ?? []).compactMap(value)
        }

        /// Baton's req/s over the ceiling's in each repetition, in percent:
        /// the two ran back to back, so drift in the machine's load cancels.
        private static func percentages(_ runs: Runs, _ ours: APIBenchmark.Series, of ceiling: APIBenchmark.Series) -> [Double] {
            zip(runs[ours] ?? [], runs[ceiling] ?? []).compactMap { mine, theirs in
                theirs.requestsPerSecond > 0 ? 100 * mine.requestsPerSecond / theirs.requestsPerSecond : nil
            }
        }
    }
}
