@testable import BatonBench
import Testing

@Suite("BenchmarkReport")
struct BenchmarkReportTests {
    private func run(_ figures: [(String, Double, Double?)]) -> BenchmarkReport {
        BenchmarkReport(title: "API", rows: figures.map { .init(name: $0.0, unit: "req/s", ours: $0.1, ceiling: $0.2, ceilingName: "pgbench") })
    }

    @Test("combined runs report each row's median with its min–max, and the ceiling's median")
    func combiningTakesMedians() throws {
        let combined = try #require(BenchmarkReport.combining([
            run([("preview", 900, 1000), ("redeem", 50, 100)]),
            run([("preview", 100, 3000), ("redeem", 70, 90)]),
            run([("preview", 500, 2000), ("redeem", 60, 80)]),
        ]))
        #expect(combined.title == "API (median of 3 runs)")
        #expect(combined.rows.map(\.name) == ["preview", "redeem"])
        #expect(combined.rows[0].ours == 500)
        #expect(combined.rows[0].oursRange == 100...900)
        #expect(combined.rows[0].ceiling == 2000)
        #expect(combined.rows[1].ours == 60)
        #expect(combined.rows[1].ceiling == 90)
    }

    @Test("a row missing from some runs is reported over the runs that have it, and a row without a ceiling keeps none")
    func combiningToleratesMissingRows() throws {
        let combined = try #require(BenchmarkReport.combining([
            run([("preview", 10, nil), ("redeem", 4, 8)]),
            run([("preview", 30, nil)]),
        ]))
        #expect(combined.rows[0].ours == 20)
        #expect(combined.rows[0].ceiling == nil)
        #expect(combined.rows[1].ours == 4)
        #expect(combined.rows[1].oursRange == 4...4)
    }

    @Test("combining no runs gives nothing, and one run gives it back unchanged")
    func combiningEdgeCases() throws {
        #expect(BenchmarkReport.combining([]) == nil)
        let single = try #require(BenchmarkReport.combining([run([("preview", 7, 9)])]))
        #expect(single.title == "API")
        #expect(single.rows[0].oursRange == nil)
    }

    @Test("a table size is labelled by its power of ten and its exact count", arguments: [
        (9_999, "10^3 (9999)"), (10_000, "10^4 (10000)"), (1_021_000, "10^6 (1021000)"), (0, "10^0 (0)"),
    ])
    func sizeLabels(count: Int, label: String) {
        #expect(ScalingBenchmark.sizeLabel(count) == label)
    }

    @Test("the Markdown table shows ours with its range, the ceiling and the ratio")
    func markdownRow() {
        var report = run([("preview", 500, 2000)])
        report.rows[0].oursRange = 100...900
        #expect(report.markdown().contains("| preview | 500 req/s (100–900) | 2000 req/s | pgbench | 25 % |"))
    }
}
