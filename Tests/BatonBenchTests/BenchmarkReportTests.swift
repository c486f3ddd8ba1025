@testable import BatonBench
import Testing

@Suite("BenchmarkReport")
struct BenchmarkReportTests {
    private func run(_ figures: [(String, Double, Double?)]) -> BenchmarkReport {
        BenchmarkReport(title: "API", rows: figures.map { .init(name: $0.0, unit: "req/s", ours: $0.1, ceiling: $0.2, ceilingName: "pgbench") })
    }

    @Test("the Markdown table shows ours with its range, the ceiling and the ratio")
    func markdownRow() {
        var report = run([("preview", 500, 2000)])
        report.rows[0].oursRange = 100...900
        #expect(report.markdown().contains("| preview | 500 req/s (100–900) | 2000 req/s | pgbench | 25 % |"))
    }
}
