import Dispatch
import PrometheusTestSupport
import Telemetry
import Testing

@Suite("Histogram", .timeLimit(.minutes(10)))
struct HistogramTests {
    @Test("buckets are cumulative and +Inf equals the count")
    func bucketsAreCumulative() throws {
        let registry = MetricsRegistry()
        let histogram = registry.histogram("test_seconds", help: "T.", labelNames: ["route"], upperBounds: [0.01, 0.1, 1])
        for value in [0.005, 0.01, 0.05, 0.5, 5, 50] { histogram.labels("/a").observe(value) }
        histogram.labels("/b").observe(.milliseconds(20))
        let parsed = try ExpositionParser.parse(registry.exposition())
        #expect(parsed.histogramProblems.isEmpty)
        #expect(parsed.value("test_seconds_bucket", ["route": "/a", "le": "0.01"]) == 2)
        #expect(parsed.value("test_seconds_bucket", ["route": "/a", "le": "1"]) == 4)
        #expect(parsed.value("test_seconds_bucket", ["route": "/a", "le": "+Inf"]) == 6)
        #expect(parsed.value("test_seconds_count", ["route": "/a"]) == 6)
        #expect(parsed.value("test_seconds_sum", ["route": "/a"]) == 55.565)
        #expect(parsed.value("test_seconds_bucket", ["route": "/b", "le": "0.1"]) == 1)
    }

    @Test("concurrent observations are all counted")
    func concurrentObservations() {
        let histogram = Histogram(upperBounds: Histogram.latencyBounds)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for index in 0..<10_000 { histogram.observe(Double(index % 100) / 1000) }
        }
        #expect(histogram.cumulativeCounts.last == 80_000)
        #expect(abs(histogram.total - 8 * 495) < 1e-6)
    }
}
