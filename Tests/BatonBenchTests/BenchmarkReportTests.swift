import Testing

@testable import BatonBench

@Suite("BenchmarkReport", .timeLimit(.minutes(10)))
struct BenchmarkReportTests {
    private func run(_ figures: [(String, Double, Double?)]) -> BenchmarkReport {
        BenchmarkReport(
            title: "API", rows: figures.map { .init(name: $0.0, unit: "req/s", ours: $0.1, ceiling: $0.2, ceilingName: "pgbench") })
    }

    @Test("the Markdown table shows ours with its range, the ceiling and the ratio")
    func markdownRow() {
        var report = run([("preview", 500, 2000)])
        report.rows[0].oursRange = 100...900
        #expect(report.markdown().contains("| preview | 500 req/s (100–900) | 2000 req/s | pgbench | 25 % |"))
    }

    @Test(
        "the median of repeated runs is the middle one, or the mean of the middle two",
        arguments: [
            ([3], 3), ([5, 1, 3], 3), ([4, 1, 3, 2], 2.5), ([7, 7, 1, 9, 8], 7),
        ] as [([Double], Double)])
    func median(runs: [Double], expected: Double) {
        #expect(BenchmarkReport.median(runs) == expected)
    }

    @Test(
        "the range of repeated runs spans the smallest to the largest, whatever their order",
        arguments: [
            ([3], 3...3), ([5, 1, 3], 1...5), ([4, 1, 3, 2], 1...4),
        ] as [([Double], ClosedRange<Double>)])
    func range(runs: [Double], expected: ClosedRange<Double>) {
        #expect(BenchmarkReport.range(runs) == expected)
    }

    @Test("no runs give no median and no range")
    func noRuns() {
        #expect(BenchmarkReport.median([]) == nil)
        #expect(BenchmarkReport.range([]) == nil)
    }

    @Test("a row made from runs carries their median and min–max, and the ceiling runs' median")
    func rowFromRuns() {
        let row = BenchmarkReport.Row(
            name: "preview", unit: "req/s", runs: [900, 1100, 1000], ceilingRuns: [2200, 1800, 2000], ceilingName: "C")
        #expect(row.ours == 1000)
        #expect(row.oursRange == 900...1100)
        #expect(row.ceiling == 2000)
        #expect(row.ratio == 0.5)
    }

    @Test("paired runs give the median of the per-repetition ratios, printed with their range")
    func pairedRatios() {
        // Each repetition's ratio: 90 %, 50 %, 40 %. The medians' ratio
        // (900 / 2000) would pair Baton's first run with C's third.
        let row = BenchmarkReport.Row(
            name: "preview", unit: "req/s", runs: [900, 1500, 800], ceilingRuns: [1000, 3000, 2000], ceilingName: "C", paired: true
        )
        #expect(row.pairedRatios == [0.9, 0.5, 0.4])
        #expect(row.ratio == 0.5)
        #expect(row.ours / row.ceiling! == 0.45)
        #expect(BenchmarkReport(title: "API", rows: [row]).markdown().contains("| C | 50 % (40–90) |"))
    }

    @Test("runs that cannot be paired fall back to the ratio of the medians")
    func unpairedFallback() {
        let uneven = BenchmarkReport.Row(name: "x", unit: "req/s", runs: [900, 1100], ceilingRuns: [2000], paired: true)
        #expect(uneven.pairedRatios.isEmpty)
        #expect(uneven.ratio == 0.5)
        let unpaired = BenchmarkReport.Row(name: "x", unit: "req/s", runs: [600, 1000], ceilingRuns: [1000, 2000])
        #expect(unpaired.pairedRatios.isEmpty)
    }

    @Test("a summary is printed between the title and the rows")
    func summaryBeforeRows() throws {
        var report = run([("preview", 500, nil)])
        report.summary = "SUMMARY\n"
        let text = report.markdown()
        let summary = try #require(text.range(of: "SUMMARY"))
        let rows = try #require(text.range(of: "| measure |"))
        #expect(text.hasPrefix("## API\n\nSUMMARY\n"))
        #expect(summary.upperBound < rows.lowerBound)
    }
}
