import BatonCore
import Foundation

/// How the `/admin` page writes numbers, ratios, durations and UTC times:
/// fixed formats independent of the server's locale, so the page and its
/// tests read the same everywhere.
enum DisplayFormat {
    /// A count: whole numbers without separators (`1234`), others to one decimal.
    static func count(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// A ratio as a percentage to one decimal (`42.9 %`), `–` when undefined.
    static func percent(_ ratio: Double?) -> String {
        guard let ratio else { return "–" }
        return String(format: "%.1f %%", ratio * 100)
    }

    /// Seconds as the largest fitting unit (`45 s`, `3.2 min`, `4.1 h`, `2.3 d`), `–` when undefined.
    static func duration(_ seconds: Double?) -> String {
        guard let seconds else { return "–" }
        switch seconds {
        case ..<60: return String(format: seconds < 10 ? "%.1f s" : "%.0f s", seconds)
        case ..<3_600: return String(format: "%.1f min", seconds / 60)
        case ..<86_400: return String(format: "%.1f h", seconds / 3_600)
        default: return String(format: "%.1f d", seconds / 86_400)
        }
    }

    /// A bucket's start as its axis label: `11-22 14:00` for hours, `2026-11-22` otherwise.
    static func bucketLabel(_ start: Date, interval: FunnelInterval) -> String {
        let text = day.format(start)
        guard interval == .hour else { return text }
        return String(text.dropFirst(5)) + " " + clock(start)
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
