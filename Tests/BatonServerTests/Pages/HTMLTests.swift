import Testing

@testable import BatonServer

@Suite("HTML escapes by construction", .timeLimit(.minutes(10)))
struct HTMLTests {
    @Test("an interpolated String is escaped, hidden characters made visible; an interpolated HTML passes through")
    func interpolationEscapesTextOnly() {
        let name = "<b>O'Brien & \"Co\"</b>\u{202E}"
        let bold: HTML = "<b>\(name)</b>"
        #expect(bold.markup == #"<b>&lt;b&gt;O&#39;Brien &amp; &quot;Co&quot;&lt;/b&gt;\u{202E}</b>"#)
        let wrapped: HTML = "<p>\(bold)</p>"
        #expect(wrapped.markup == "<p>" + bold.markup + "</p>")
    }

    @Test("names in any script, emoji with joiners and numbers pass unchanged")
    func textOutsideMarkupIsKept() {
        let family = "عائلة 田中 👨‍👩‍👧"
        let line: HTML = "\(family): \(42) of \(1.5)"
        #expect(line.markup == "عائلة 田中 👨‍👩‍👧: 42 of 1.5")
    }

    @Test("joined puts the separator between fragments only")
    func joinedSeparates() {
        let cells: [HTML] = ["<td>1</td>", "<td>2</td>", "<td>\("<3")</td>"]
        #expect(cells.joined(separator: "\n").markup == "<td>1</td>\n<td>2</td>\n<td>&lt;3</td>")
        #expect([HTML]().joined().markup.isEmpty)
    }
}
