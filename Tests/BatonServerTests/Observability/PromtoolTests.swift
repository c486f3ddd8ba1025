import Foundation
import PostgresLauncher
import Testing

/// The exposition against Prometheus's own checker. `promtool` comes with
/// Debian's `prometheus` package (about 100 MB installed), which CI does
/// not install: there the test is skipped and `MetricsRoutesTests` checks the
/// same scrape with the repository's parser.
@Suite("GET /metrics against promtool", .timeLimit(.minutes(10)))
struct PromtoolTests {
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        "the scrape of the main listener passes promtool check metrics with nothing to report",
        .enabled(if: promtool != nil, "promtool is not installed (Debian package prometheus): skipped"))
    func scrapePassesPromtool() throws {
        let (app, client) = try TestApp.withClient(rateLimited: false)
        defer { withExtendedLifetime(app) {} }
        _ = try client.get("/healthz")
        let (text, _) = try client.scrape { $0.value("baton_http_requests_total", ["route": "/healthz"]) == 1 }
        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "baton-scrape-\(UUID().uuidString).prom")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try Subprocess("/bin/sh", ["-c", "\"$0\" check metrics < \"$1\"", try #require(Self.promtool), file.path]).run()
        #expect(outcome.succeeded, "promtool: \(outcome.output)")
        #expect(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "promtool: \(outcome.output)")
    }
}
