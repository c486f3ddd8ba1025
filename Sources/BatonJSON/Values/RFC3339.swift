import Foundation

/// Reads RFC 3339 date-times (`2026-11-01T00:00:00Z`, `2026-11-01t01:30:00.123456789+01:00`):
/// `T` or a space between date and time, any number of fractional digits
/// (kept to the microsecond), `Z` or a numeric offset. A leap second (`:60`)
/// reads as the next second.
public enum RFC3339 {
    /// The instant `text` names, or nil when it is not an RFC 3339 date-time
    /// (or longer than 64 bytes, or a calendar date that does not exist).
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard (20...64).contains(bytes.count) else { return nil }
        var reader = Reader(bytes: bytes)
        guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2), reader.skip(":"),
            let second = reader.number(2)
        else { return nil }
        var micros = 0
        if reader.skip(".") {
            let digits = reader.digits()
            guard !digits.isEmpty else { return nil }
            micros = digits.prefix(6).reduce(0) { $0 * 10 + $1 } * Int(pow(10, Double(6 - min(6, digits.count))))
        }
        var offset = 0
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign = reader.skip("+") ? 1 : (reader.skip("-") ? -1 : 0)
            guard sign != 0, let hours = reader.number(2), reader.skip(":"), let minutes = reader.number(2),
                hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard reader.atEnd, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard let midnight = calendar.date(from: components),
            calendar.component(.day, from: midnight) == day, calendar.component(.month, from: midnight) == month
        else { return nil }
        let seconds = Double(hour * 3_600 + minute * 60 + second - offset) + Double(micros) / 1_000_000
        return midnight.addingTimeInterval(seconds)
    }

    /// A cursor over ASCII bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        mutating func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The run of digits here, each as its value.
        mutating func digits() -> [Int] {
            var values: [Int] = []
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                values.append(Int(bytes[index] - UInt8(ascii: "0")))
                index += 1
            }
            return values
        }
    }
}
