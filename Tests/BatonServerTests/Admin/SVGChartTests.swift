import Testing

@testable import BatonServer

@Suite("SVGChart", .timeLimit(.minutes(10)))
struct SVGChartTests {
    @Test(
        "the y axis ends at the round number at or above the largest value",
        arguments: [
            (0.0, 1.0), (1, 1), (3, 5), (7, 10), (11, 20), (24, 25), (26, 50), (0.3, 0.5), (1_234, 2_000),
        ])
    func roundsAxis(_ value: Double, _ expected: Double) {
        #expect(SVGChart.roundedUp(value) == expected)
    }

    @Test("bars draw one rect per non-zero value with its exact value as the hover title")
    func barsPerValue() {
        let chart = SVGChart(
            title: "t", style: .bars, categories: ["a", "b", "c"],
            series: [
                .init(name: "one", values: [1, 0, 3]), .init(name: "two", values: [2, 2, 0]),
            ])
        let svg = chart.svg.markup
        #expect(svg.components(separatedBy: "<title>").count - 1 == 4)
        #expect(svg.contains("<title>one, c: 3</title>") && svg.contains("<title>two, b: 2</title>"))
        #expect(svg.contains(">one</text>") && svg.contains(">two</text>"))
    }

    @Test("lines draw one polyline per series, and many categories get at most eight labels")
    func linesThinLabels() {
        let categories = (0..<100).map { "c\($0)" }
        let chart = SVGChart(
            title: "t", style: .lines, categories: categories, series: [.init(name: "s", values: categories.indices.map(Double.init))])
        let svg = chart.svg.markup
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 1)
        #expect(!svg.contains("<circle"))
        #expect(categories.filter { svg.contains(">\($0)</text>") }.count == 8)
    }

    @Test("long labels are thinned until they no longer touch, slanted ones only to eight")
    func longLabelsThin() {
        let days = (1...8).map { "2026-11-0\($0)" }
        var chart = SVGChart(title: "t", style: .bars, categories: days, series: [.init(name: "s", values: days.map { _ in 1 })])
        #expect(days.filter { chart.svg.markup.contains(">\($0)</text>") } == ["2026-11-01", "2026-11-03", "2026-11-05", "2026-11-07"])
        chart.slantsLabels = true
        #expect(days.filter { chart.svg.markup.contains(">\($0)</text>") } == days)
    }

    @Test("an all-zero chart says it has no data, and labels and titles are HTML-escaped")
    func emptyAndEscaped() {
        let chart = SVGChart(title: "<\"t\">", style: .bars, categories: ["<a&b>"], series: [.init(name: "s", values: [0])])
        let svg = chart.svg.markup
        #expect(svg.contains("No data in this range"))
        #expect(svg.contains(#"aria-label="&lt;&quot;t&quot;&gt;""#) && svg.contains(">&lt;a&amp;b&gt;</text>"))
        #expect(!svg.contains("<a&b>"))
    }
}
