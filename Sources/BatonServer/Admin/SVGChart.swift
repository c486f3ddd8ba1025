import Foundation

/// A bar or line chart rendered on the server as inline SVG, the one
/// implementation behind every chart of the `/admin` page.
///
/// Categories run along the x axis; each series has one value per category.
/// Bars are grouped per category (one bar per series), lines join a series'
/// values. The y axis starts at zero and ends at a round number; at most
/// ``maxLabels`` category labels are drawn, evenly thinned (fewer when
/// long labels would touch). Every bar and
/// point carries a `<title>` with its exact value, which browsers show on
/// hover without any script. The chart is ``HTML``, so labels are escaped
/// as they are interpolated and callers pass untrusted ones as they are.
struct SVGChart {
    /// How values are drawn.
    enum Style { case bars, lines }

    /// One named row of values, one per category.
    struct Series {
        let name: String
        let values: [Double]
    }

    /// The accessible name (`aria-label`) of the chart.
    let title: String
    let style: Style
    let categories: [String]
    let series: [Series]
    /// Renders axis ticks and hover values, such as `"42 %"`.
    var format: (Double) -> String = { DisplayFormat.count($0) }
    var width = 580
    var height = 260
    /// Draws the legend for a single series too (it always appears for several).
    var namesSingleSeries = false
    /// Slants the category labels, for long ones such as rejection codes.
    var slantsLabels = false

    /// At most this many category labels under the x axis.
    static let maxLabels = 8
    /// Series colours, in order; a seventh series reuses the first.
    static let palette = ["#2f6fde", "#8a5cd1", "#1e9e6a", "#d98a12", "#c9453b", "#6b7480"]

    private let left = 56.0, right = 12.0, top = 30.0
    private var bottom: Double { slantsLabels ? 96 : 36 }

    private var plotWidth: Double { Double(width) - left - right }
    private var plotHeight: Double { Double(height) - top - bottom }

    /// The `<svg>` element.
    var svg: HTML {
        let maximum = Self.roundedUp(series.flatMap(\.values).max() ?? 0)
        var out: HTML = """
            <svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" role="img" \
            aria-label="\(title)">
            """
        out += legend + axes(maximum: maximum)
        out += style == .bars ? bars(maximum: maximum) : lines(maximum: maximum)
        if maximum == 1, series.allSatisfy({ $0.values.allSatisfy { $0 == 0 } }) {
            out += text(x: left + plotWidth / 2, y: top + plotHeight / 2, "No data in this range", anchor: "middle", css: "empty")
        }
        return out + "</svg>"
    }

    /// The smallest of 1, 2, 2.5 or 5 × 10^k at or above `value` (1 for zero).
    static func roundedUp(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let magnitude = pow(10, (log10(value)).rounded(.down))
        for step in [1, 2, 2.5, 5, 10] where step * magnitude >= value { return step * magnitude }
        return 10 * magnitude
    }

    private var legend: HTML {
        guard series.count > 1 || namesSingleSeries else { return .empty }
        var x = left
        var out = HTML.empty
        for (index, entry) in series.enumerated() {
            out += "<rect x=\"\(x)\" y=\"8\" width=\"10\" height=\"10\" fill=\"\(color(index))\"/>"
            out += text(x: x + 14, y: 17, entry.name, anchor: "start", css: "legend")
            x += 22 + Double(entry.name.count) * 6.5
        }
        return out
    }

    private func axes(maximum: Double) -> HTML {
        var out = HTML.empty
        for tick in 0...4 {
            let value = maximum * Double(tick) / 4
            let y = yPosition(value, maximum: maximum)
            out += "<line class=\"grid\" x1=\"\(left)\" y1=\"\(y)\" x2=\"\(left + plotWidth)\" y2=\"\(y)\"/>"
            out += text(x: left - 6, y: y + 4, format(value), anchor: "end", css: "tick")
        }
        let every = max(1, Int((Double(categories.count) / Double(labelCapacity)).rounded(.up)))
        for (index, label) in categories.enumerated() where index % every == 0 {
            let x = xCenter(index)
            let y = Double(height) - bottom + 16
            guard slantsLabels else {
                out += text(x: x, y: y, label, anchor: "middle", css: "tick")
                continue
            }
            out += "<g transform=\"rotate(-35 \(Self.rounded(x)) \(Self.rounded(y)))\">"
            out += text(x: x, y: y, label, anchor: "end", css: "tick") + "</g>"
        }
        return out
    }

    /// How many category labels fit side by side: at most ``maxLabels``,
    /// fewer when the longest label (about 6.5 px a character) would touch
    /// its neighbours; slanted labels only need their line height.
    private var labelCapacity: Int {
        let longest = Double(categories.map(\.count).max() ?? 1)
        let slot = slantsLabels ? 16 : longest * 6.5 + 12
        return max(1, min(Self.maxLabels, Int(plotWidth / slot)))
    }

    private func bars(maximum: Double) -> HTML {
        let band = plotWidth / Double(max(categories.count, 1))
        let barWidth = band * 0.8 / Double(max(series.count, 1))
        var out = HTML.empty
        for (seriesIndex, entry) in series.enumerated() {
            for (index, value) in entry.values.enumerated() where value > 0 {
                let x = left + band * Double(index) + band * 0.1 + barWidth * Double(seriesIndex)
                let y = yPosition(value, maximum: maximum)
                out += "<rect x=\"\(Self.rounded(x))\" y=\"\(y)\" width=\"\(Self.rounded(max(barWidth - 1, 1)))\" "
                out += "height=\"\(Self.rounded(top + plotHeight - y))\" fill=\"\(color(seriesIndex))\">"
                out += "<title>\(hover(entry, index: index, value: value))</title></rect>"
            }
        }
        return out
    }

    private func lines(maximum: Double) -> HTML {
        var out = HTML.empty
        for (seriesIndex, entry) in series.enumerated() {
            let points = entry.values.enumerated().map { "\(Self.rounded(xCenter($0.offset))),\(yPosition($0.element, maximum: maximum))" }
            out +=
                "<polyline fill=\"none\" stroke=\"\(color(seriesIndex))\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
            guard entry.values.count <= 60 else { continue }
            for (index, value) in entry.values.enumerated() {
                out += "<circle cx=\"\(Self.rounded(xCenter(index)))\" cy=\"\(yPosition(value, maximum: maximum))\" r=\"3\" "
                out += "fill=\"\(color(seriesIndex))\"><title>\(hover(entry, index: index, value: value))</title></circle>"
            }
        }
        return out
    }

    private func hover(_ entry: Series, index: Int, value: Double) -> String {
        let category = categories.indices.contains(index) ? categories[index] : ""
        return "\(entry.name), \(category): \(format(value))"
    }

    private func text(x: Double, y: Double, _ content: String, anchor: String, css: String) -> HTML {
        "<text class=\"\(css)\" x=\"\(Self.rounded(x))\" y=\"\(Self.rounded(y))\" text-anchor=\"\(anchor)\">\(content)</text>"
    }

    private func xCenter(_ index: Int) -> Double {
        left + plotWidth / Double(max(categories.count, 1)) * (Double(index) + 0.5)
    }

    private func yPosition(_ value: Double, maximum: Double) -> Double {
        Self.rounded(top + plotHeight - plotHeight * min(max(value, 0) / maximum, 1))
    }

    private func color(_ index: Int) -> String { Self.palette[index % Self.palette.count] }

    /// `value` to one decimal, so the markup stays short.
    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
