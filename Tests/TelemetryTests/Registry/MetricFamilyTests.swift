import Dispatch
import PrometheusTestSupport
import Telemetry
import Testing

@Suite("Metric families", .timeLimit(.minutes(10)))
struct MetricFamilyTests {
    @Test("the same label values give the same child")
    func childrenAreShared() {
        let family = MetricsRegistry().counter("test_total", help: "T.", labelNames: ["a", "b"])
        family.labels("x", "y").increment()
        family.labels("x", "y").increment(by: 2)
        #expect(family.labels("x", "y").count == 3)
        #expect(family.labels("x", "z").count == 0)
    }

    @Test("values past maxSeries collapse into one _overflow series")
    func seriesAreBounded() throws {
        let registry = MetricsRegistry()
        let family = registry.counter("test_total", help: "T.", labelNames: ["code"], maxSeries: 3)
        for index in 0..<100 { family.labels("code_\(index)").increment() }
        let parsed = try ExpositionParser.parse(registry.exposition())
        #expect(parsed.samples("test_total").count == 4)
        #expect(parsed.value("test_total", ["code": "code_2"]) == 1)
        #expect(parsed.value("test_total", ["code": MetricFamily<Counter>.overflowValue]) == 97)
    }

    @Test("a counter ignores negative increments")
    func counterOnlyGrows() {
        let counter = Counter()
        counter.increment(by: 5)
        counter.increment(by: -3)
        #expect(counter.count == 5)
    }

    @Test("concurrent increments from many threads are all counted")
    func concurrentIncrements() {
        let family = MetricsRegistry().counter("test_total", help: "T.", labelNames: ["route"])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<10_000 { family.labels(thread.isMultiple(of: 2) ? "/a" : "/b").increment() }
        }
        #expect(family.labels("/a").count + family.labels("/b").count == 80_000)
    }

    @Test("a gauge adds concurrently without losing updates")
    func gaugeAdds() {
        let gauge = Gauge()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<10_000 { gauge.add(0.5) }
        }
        #expect(gauge.value == 20_000)
    }
}
