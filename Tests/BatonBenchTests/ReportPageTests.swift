import Testing

@testable import BatonBench

@Suite("The page baton-bench report writes into", .timeLimit(.minutes(10)))
struct ReportPageTests {
    static let begin = ReportPage.beginMarker
    static let end = ReportPage.endMarker

    /// A page as docs/benchmarks.md is laid out: hand-written text, the
    /// generated part, and more hand-written text.
    static let page = """
        # Benchmarks

        Hand-written: the targets, with `\(begin)` named in running text.

        \(begin)

        ## The latest report

        old figures
        \(end)

        ## Hand-written after the report
        """

    @Test("the report replaces only the text between the markers, and the hand-written rest is kept byte for byte")
    func replacesOnlyBetweenTheMarkers() throws {
        let written = try ReportPage(text: Self.page).replacing(with: "## The latest report\n\nnew figures\n")
        #expect(
            written == """
                # Benchmarks

                Hand-written: the targets, with `\(Self.begin)` named in running text.

                \(Self.begin)

                ## The latest report

                new figures

                \(Self.end)

                ## Hand-written after the report
                """)
    }

    @Test("writing the same report twice gives the same page, with and without a final newline")
    func replacingIsStable() throws {
        for text in [Self.page, Self.page + "\n"] {
            let once = try ReportPage(text: text).replacing(with: "figures")
            let twice = try ReportPage(text: once).replacing(with: "figures")
            #expect(twice == once)
            #expect(once.hasSuffix("\n") == text.hasSuffix("\n"))
        }
    }

    @Test("a marker with spaces around it on its line still counts")
    func markerLinesMayHaveBlanks() throws {
        let text = "intro\n  \(Self.begin)\t\nold\n\(Self.end)  \r\nafter\n"
        let written = try ReportPage(text: text).replacing(with: "new")
        #expect(written == "intro\n  \(Self.begin)\t\n\nnew\n\n\(Self.end)  \r\nafter\n")
    }

    @Test(
        "a page without both markers, with either twice, or with them out of order is refused with its code",
        arguments: [
            ("# Benchmarks\n\nno markers\n", "report_marker_missing", "has no line '\(begin)'"),
            ("\(begin)\nfigures\n", "report_marker_missing", "has no line '\(end)'"),
            ("\(begin)\na\n\(begin)\nb\n\(end)\n", "report_marker_repeated", "appears 2 times (lines 1, 3)"),
            ("\(begin)\na\n\(end)\nb\n\(end)\n", "report_marker_repeated", "appears 2 times (lines 3, 5)"),
            ("\(end)\nfigures\n\(begin)\n", "report_markers_out_of_order", "comes before"),
        ])
    func refusesAPageItCannotSplit(text: String, code: String, message: String) {
        #expect {
            try ReportPage(text: text)
        } throws: { error in
            guard let error = error as? ReportPageError else { return false }
            return error.code == code && error.description.contains(message)
        }
    }

    @Test("a marker named inside a line of text is not taken for the marker line")
    func markerInsideALineIsText() {
        #expect(throws: ReportPageError.missingMarker(Self.begin)) {
            try ReportPage(text: "Run it: the report goes after `\(Self.begin)`.\n\(Self.end)\n")
        }
    }

    @Test("a page that does not exist yet gets the markers around the report")
    func freshPage() throws {
        let fresh = ReportPage.fresh("\n## The latest report\n\nfigures\n\n")
        #expect(fresh == "\(Self.begin)\n\n## The latest report\n\nfigures\n\n\(Self.end)\n")
        #expect(try ReportPage(text: fresh).replacing(with: "## The latest report\n\nfigures") == fresh)
    }
}
