import BatonCore
import Foundation
import Journey

/// How the `/admin` page writes numbers, ratios, durations and UTC times:
/// fixed formats independent of the server's locale, so the page and its
/// tests read the same everywhere.
enum DisplayFormat {
    /// A count or axis tick: whole numbers without separators (`1234`),
    /// others to at most two decimals (`37.5`, `0.25`).
    static func count(_ value: Double) -> String {
        guard value != value.rounded() else { return String(Int(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A ratio as a percentage to one decimal (`42.9 %`), `–` when undefined.
    static func percent(_ ratio: Double?) -> String {
        guard let ratio else { return "–" }
        return String(format: "%.1f %%", ratio * 100)
    }

    /// Seconds as the largest fitting unit (`4 s`, `0.5 s`, `3.2 min`, `4.1 h`, `2.3 d`), `–` when undefined.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        switch seconds {
        case ..<60: return count((seconds * 10).rounded() / 10) + " s"
        case ..<3_600: return String(format: "%.1f min", seconds / 60)
        case ..<86_400: return String(format: "%.1f h", seconds / 3_600)
        default: return String(format: "%.1f d", seconds / 86_400)
        }
    }

    /// A bucket's start as its axis label, without the year (the page's
    /// header states the range): `11-22 14:00` for hours, `11-22` otherwise.
    static func bucketLabel(_ start: Date, interval: FunnelInterval) -> String {
        let monthDay = String(day.format(start).dropFirst(5))
        return interval == .hour ? monthDay + " " + clock(start) : monthDay
    }

    /// A UTC day, `2026-11-22`: the value an `<input type="date">` holds.
    static func date(_ value: Date) -> String { day.format(value) }

    /// A UTC instant to the minute, `2026-11-22 14:05 UTC`.
    static func minute(_ value: Date) -> String { "\(day.format(value)) \(clock(value)) UTC" }

    /// `14:05`.
    private static func clock(_ value: Date) -> String { String(time.format(value).prefix(5)) }

    private static let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    private static let time = Date.ISO8601FormatStyle(timeZone: .gmt).time(includingFractionalSeconds: false)
}
