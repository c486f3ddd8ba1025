import Foundation

/// Fast fixed-format numbers for log lines, written digit by digit with
/// plain arithmetic: Foundation's formatters and `gmtime_r` (which takes
/// the time-zone lock) cost microseconds per call, which shows at tens of
/// thousands of requests per second.
enum LogTimestamp {
    /// `date` as `2026-11-29T15:17:25.123Z` (UTC, milliseconds), the same
    /// form as `JSONCoding.timestampStyle`.
    static func iso8601(_ date: Date) -> String {
        var bytes: [UInt8] = []
        appendISO8601(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso8601(date)` to `bytes`.
    static func appendISO8601(_ date: Date, to bytes: inout [UInt8]) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: Int(days))
        append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(Int(secondOfDay / 3600), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(secondOfDay % 3600 / 60), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(Int(secondOfDay % 60), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(Int(millisecond), width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends `duration` in milliseconds with three decimals, such as `12.345`.
    static func appendMilliseconds(_ duration: Duration, to bytes: inout [UInt8]) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let (whole, fraction) = microseconds.quotientAndRemainder(dividingBy: 1000)
        appendDecimal(Int(whole), to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(Int(fraction), width: 3, to: &bytes)
    }

    /// Appends `value` in decimal, with a sign when negative.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var width = 1
        var limit: UInt = 10
        while magnitude >= limit, width < 19 {
            width += 1
            limit *= 10
        }
        append(Int(magnitude), width: width, to: &bytes)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01, valid
    /// for dates after 1970 (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
