import Foundation
import Testing

@testable import BatonBench

@Suite("ScalingBenchmark report", .timeLimit(.minutes(10)))
struct ScalingBenchmarkReportTests {
    /// Three repetitions whose figures are `base` times 0.9, 1 and 1.2 for
    /// Baton, and twice that for the C ceiling.
    private func runs(_ base: Double) -> GrowthRuns {
        var runs: GrowthRuns = [:]
        for factor in [1.0, 0.9, 1.2] {
            for series in APIBenchmark.Series.allCases {
                let scale = [.previewCeiling, .redeemCeiling, .halfCeiling].contains(series) ? 2.0 : 1.0
                runs[series, default: []].append(
                    APIBenchmark.Measurement(
                        requestsPerSecond: base * factor * scale, p50Milliseconds: factor, p99Milliseconds: 10 * factor,
                        requests: 1000, cpuMicrosecondsPerRequest: series == .previewPgbench || series == .redeemPgbench ? nil : 80 * factor
                    ))
            }
        }
        return runs
    }

    private typealias GrowthRuns = ScalingBenchmark.GrowthTable.Runs

    private func measured(_ label: String, _ base: Double) -> ScalingBenchmark.MeasuredSize {
        ScalingBenchmark.MeasuredSize(
            label: label,
            outcome: APIBenchmark.Outcome(runs: runs(base), fresh: (100, 200, 300), offsets: (10, 20), freshLines: 1000, stopped: nil),
            plans: "plans at \(label)"
        )
    }

    private let sizes = [("10^4 (91000)", 1000.0), ("10^6 (1000000)", 900), ("10^7 (10000000)", 800)]

    private var table: ScalingBenchmark.GrowthTable {
        .init(sizes: sizes.map { .init(label: $0.0, runs: runs($0.1)) })
    }

    @Test("every cell of every size's row in the growth table carries a median and a range")
    func everyCellHasARange() {
        let cells = table.cells()
        #expect(cells.count == sizes.count)
        for row in cells {
            #expect(row.count == ScalingBenchmark.GrowthTable.columns.count)
            #expect(row.allSatisfy { $0 != nil })
        }
    }

    @Test("a growth-table cell is the median of the repetitions with their min–max")
    func cellIsMedianAndRange() throws {
        let preview = try #require(table.cells()[1][0])
        #expect(preview.median == 900)
        #expect(abs(preview.range.lowerBound - 810) < 1e-9)
        #expect(abs(preview.range.upperBound - 1080) < 1e-9)
    }

    @Test("the ratio to the C ceiling is taken within each repetition")
    func ratioPerRepetition() throws {
        let headings = ScalingBenchmark.GrowthTable.columns.map(\.heading)
        let column = try #require(headings.firstIndex(of: "preview % of C"))
        let ratio = try #require(table.cells()[0][column])
        #expect(abs(ratio.median - 50) < 1e-9)
        #expect(abs(ratio.range.lowerBound - 50) < 1e-9 && abs(ratio.range.upperBound - 50) < 1e-9)
    }

    @Test("the growth table has a heading row and one line per size, a range in brackets in every cell")
    func growthMarkdown() {
        let lines = table.markdown().split(separator: "\n")
        #expect(lines.count == 2 + sizes.count)
        #expect(lines[0].hasPrefix("| invites | preview req/s | preview p50 ms | preview p99 ms | redeem req/s |"))
        for (line, size) in zip(lines.dropFirst(2), sizes) {
            #expect(line.hasPrefix("| \(size.0) | "))
            let cells = line.split(separator: "|").dropFirst()
            #expect(cells.count == ScalingBenchmark.GrowthTable.columns.count)
            #expect(cells.allSatisfy { $0.contains("(") && $0.contains("–") })
        }
        #expect(lines[2].hasPrefix("| 10^4 (91000) | 1000 (900–1200) | 1.00 (0.9–1.20) | 10.00 (9.00–12.00) |"))
        #expect(lines[2].hasSuffix("| 50 (50–50) | 50 (50–50) |"))
    }

    @Test("a size with no runs shows dashes rather than made-up figures")
    func missingRuns() {
        let empty = ScalingBenchmark.GrowthTable(sizes: [.init(label: "10^4 (1)", runs: [:])])
        #expect(empty.cells()[0].allSatisfy { $0 == nil })
        #expect(empty.markdown().contains("| 10^4 (1) | – | –"))
    }

    @Test("the report puts the growth table first and one measure's sizes on adjacent rows, each with a range")
    func reportLayout() throws {
        let benchmark = ScalingBenchmark(.init(api: .init(conninfo: "", repetitions: 3), sizes: [10_000, 1_000_000, 10_000_000]))
        let report = benchmark.report(sizes.map { measured($0.0, $0.1) }, stopped: nil)
        #expect(try #require(report.summary).hasPrefix("| invites |"))
        #expect(report.rows.count.isMultiple(of: sizes.count))
        #expect(report.rows.allSatisfy { $0.oursRange != nil })
        #expect(report.rows.prefix(3).map(\.name) == sizes.map { "preview, 64 connections, \($0.0) invites" })
        #expect(report.rows[0].ours == 1000 && report.rows[1].ours == 900 && report.rows[2].ours == 800)
    }

    @Test("notes every size shares are written once, the others under their size")
    func notesDeduplicated() {
        let benchmark = ScalingBenchmark(.init(api: .init(conninfo: "", repetitions: 3), sizes: [10_000, 1_000_000]))
        let report = benchmark.report(
            [measured("10^4 (91000)", 1000), measured("10^6 (1000000)", 900)], stopped: "Stopped at about 10000000 invites")
        let shared = report.notes.filter { $0.hasPrefix("Targets: docs/benchmarks.md") }
        #expect(shared.count == 1)
        #expect(report.notes.contains("10^4 (91000): plans at 10^4 (91000)"))
        #expect(report.notes.contains("10^6 (1000000): plans at 10^6 (1000000)"))
        #expect(report.notes.contains { $0.contains("whole sequence 3 times") })
        #expect(report.notes.last == "Stopped at about 10000000 invites")
    }

    @Test("a size whose later repetition failed keeps the whole repetitions and says why it stopped")
    func stoppedRepetitions() {
        var size = measured("10^7 (10000000)", 800)
        size.outcome.stopped = BenchmarkError(code: "wrk_failed", message: "wrk saw errors")
        let benchmark = ScalingBenchmark(.init(api: .init(conninfo: "", repetitions: 5), sizes: [10_000_000]))
        let report = benchmark.report([size], stopped: nil)
        #expect(
            report.notes.contains("10^7 (10000000): Stopped after 3 of 5 repetitions, the figures are theirs: wrk_failed: wrk saw errors"))
        #expect(report.rows[0].oursRange != nil)
    }

    @Test(
        "fresh invites cover the warm-up and every repetition's redeem runs at 5,000 redeems/s, once per wrk thread for its skipped lines",
        arguments: [(2, 1), (2, 3), (5, 3), (1, 5), (0, 0)])
    func freshInvites(seconds: Int, repetitions: Int) {
        let timedSeconds = max(1, seconds) * max(1, repetitions)
        let threads = APIBenchmark.WrkDriver.threads
        #expect(APIBenchmark.Options.freshInvites(seconds: seconds, repetitions: repetitions) >= threads * 5_000 * (timedSeconds + 1))
        #expect(APIBenchmark.Options(conninfo: "", seconds: seconds, repetitions: repetitions).redeemInvites == nil)
    }
}
