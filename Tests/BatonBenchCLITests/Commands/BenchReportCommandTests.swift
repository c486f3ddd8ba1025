import BatonBench
import BatonCLI
import Foundation
import Testing

@testable import BatonBenchCLI

@Suite("baton-bench report's output page", .timeLimit(.minutes(10)))
struct BenchReportCommandTests {
    /// A file of its own under the temporary directory holding `text`.
    private static func page(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-\(UUID().uuidString).md")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(
        "a page without its markers, or with one twice, is refused before any benchmark runs, and left unchanged",
        arguments: [
            ("# Benchmarks\n\nAll hand-written, no markers.\n", "report_marker_missing"),
            ("\(ReportPage.beginMarker)\n\(ReportPage.beginMarker)\n\(ReportPage.endMarker)\n", "report_marker_repeated"),
        ])
    func refusesAPageWithoutItsMarkers(text: String, code: String) throws {
        let url = try Self.page(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let (exit, out, err) = BenchCommandLineTests.run(["report", "--only", "handoff", "--output", url.path])
        #expect(exit == .usageOrInputError)
        #expect(err.contains("baton-bench report: error: \(code):"))
        #expect(!err.contains("starting a throwaway PostgreSQL cluster"))
        #expect(out.isEmpty)
        #expect(try String(contentsOf: url, encoding: .utf8) == text)
    }

    @Test("a page with one pair of markers is read, and a missing file is no page yet")
    func readsThePage() throws {
        let url = try Self.page("before\n\(ReportPage.beginMarker)\nold\n\(ReportPage.endMarker)\nafter\n")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try BenchReportCommand.existingPage(url.path)?.tail == "\(ReportPage.endMarker)\nafter\n")
        #expect(try BenchReportCommand.existingPage(url.path + ".absent") == nil)
    }

    @Test("the committed docs/benchmarks.md has its markers, so baton-bench report can write into it")
    func committedPageHasItsMarkers() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        #expect(throws: Never.self) {
            try BenchReportCommand.existingPage(root.appendingPathComponent("docs/benchmarks.md").path)
        }
    }
}
