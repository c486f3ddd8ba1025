import PrometheusTestSupport
import Testing

@testable import Telemetry

@Suite("Prometheus text exposition", .timeLimit(.minutes(10)))
struct ExpositionFormatTests {
    @Test(
        "a label value with quote, backslash and line feed is escaped and reads back unchanged",
        arguments: [
            #"say "hi""#, #"back\slash"#, "two\nlines", "crlf\r\nend", "plain", "",
        ])
    func labelValuesRoundTrip(value: String) throws {
        let registry = MetricsRegistry()
        registry.counter("test_events_total", help: "Events.", labelNames: ["kind"]).labels(value).increment()
        let text = registry.exposition()
        #expect(!text.dropLast().contains("\n\n"))
        let parsed = try ExpositionParser.parse(text)
        #expect(parsed.value("test_events_total", ["kind": value]) == 1)
    }

    @Test("help text keeps its quotes and escapes backslashes and line feeds")
    func helpIsEscaped() throws {
        let text = ExpositionFormat.render([.gauge("test_gauge", help: "a \"quoted\" \\ help\nline", value: 1)])
        #expect(text.hasPrefix(#"# HELP test_gauge a "quoted" \\ help\nline"# + "\n"))
        let parsed = try ExpositionParser.parse(text)
        #expect(parsed.families["test_gauge"]?.help == "a \"quoted\" \\ help\nline")
    }

    @Test(
        "numbers are written as Go parses them",
        arguments: [
            (1.0, "1"), (0.005, "0.005"), (-3.0, "-3"), (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"), (Double.nan, "NaN"),
            (1e20, "1e+20"),
        ])
    func numbers(value: Double, expected: String) {
        #expect(ExpositionFormat.number(value) == expected)
    }

    @Test("every family has HELP and TYPE once, and samples follow their family")
    func familiesAreWellFormed() throws {
        let registry = MetricsRegistry()
        registry.counter("test_a_total", help: "A.").increment()
        registry.gauge("test_b", help: "B.", labelNames: ["x"]).labels("1").set(2)
        registry.histogram("test_c_seconds", help: "C.", upperBounds: [0.1, 1]).observe(0.5)
        registry.addCollector { [.gauge("test_d", help: "D.", value: 4)] }
        let text = registry.exposition()
        let parsed = try ExpositionParser.parse(text)
        #expect(parsed.familiesMissingMetadata.isEmpty)
        #expect(text.components(separatedBy: "# TYPE ").count - 1 == 4)
        #expect(parsed.families["test_c_seconds"]?.type == "histogram")
        #expect(parsed.value("test_d") == 4)
    }
}
