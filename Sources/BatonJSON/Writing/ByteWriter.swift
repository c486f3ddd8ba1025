import Foundation
import SafeText

/// Writes a log line into a buffer sized beforehand, with plain arithmetic
/// for numbers and timestamps: Foundation's formatters and `gmtime_r` (which
/// takes the time-zone lock) cost more per call than the rest of the line,
/// and a line is written for every request. `JSONObjectWriter` writes the hot
/// routes' bodies with it too, into room it made beforehand.
public struct ByteWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    public private(set) var count = 0

    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Writes one byte; past the end of the buffer, bytes are dropped.
    public mutating func write(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// Writes a literal.
    public mutating func write(_ text: StaticString) {
        write(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a string's UTF-8 bytes.
    public mutating func write(string text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Copies `bytes` in one go; what does not fit is dropped.
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        let length = min(bytes.count, buffer.count - count)
        guard length > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: length)
        count += length
    }

    /// Writes `text` as a JSON string literal. Printable ASCII without quote
    /// or backslash (the common case) is copied between quotes; anything else
    /// goes through `SafeText.jsonQuoted`.
    public mutating func writeQuoted(_ text: String) {
        var contiguous = text
        contiguous.withUTF8 { utf8 in
            guard JSONCoding.isPlain(utf8) else { return write(string: SafeText.jsonQuoted(text)) }
            write(byte: UInt8(ascii: "\""))
            write(bytes: utf8)
            write(byte: UInt8(ascii: "\""))
        }
    }

    /// Writes `date` as `2026-11-29T15:17:25.123Z` (UTC, milliseconds), the
    /// same form as `JSONCoding.timestampStyle`.
    public mutating func writeTimestamp(_ date: Date) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (seconds, millisecond) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        writePadded(year, width: 4)
        write(byte: UInt8(ascii: "-"))
        writePadded(month, width: 2)
        write(byte: UInt8(ascii: "-"))
        writePadded(day, width: 2)
        write(byte: UInt8(ascii: "T"))
        writePadded(secondOfDay / 3600, width: 2)
        write(byte: UInt8(ascii: ":"))
        writePadded(secondOfDay % 3600 / 60, width: 2)
        write(byte: UInt8(ascii: ":"))
        writePadded(secondOfDay % 60, width: 2)
        write(byte: UInt8(ascii: "."))
        writePadded(millisecond, width: 3)
        write(byte: UInt8(ascii: "Z"))
    }

    /// Writes `duration` in milliseconds with three decimals, such as `12.345`.
    public mutating func writeMilliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
        writeDecimal(microseconds / 1000)
        write(byte: UInt8(ascii: "."))
        writePadded(microseconds % 1000, width: 3)
    }

    /// Writes `uuid` as `uuid.uuidString.lowercased()` spells it: 32
    /// lower-case hex digits in groups of 8-4-4-4-12. Foundation formats a
    /// UUID with `snprintf` and then lower-cases a copy, which made the ids
    /// two thirds of a redemption receipt's cost.
    public mutating func writeUUID(_ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { write(byte: UInt8(ascii: "-")) }
                write(byte: Self.hexDigits.utf8Start[Int(byte >> 4)])
                write(byte: Self.hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Writes `value` in decimal, as `String(value)` does, `Int.min` included.
    public mutating func writeDecimal(_ value: Int) {
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        var width = 1
        // An `Int`'s magnitude has at most 19 digits, so `limit` stops at 10^19, which `UInt` holds.
        var limit: UInt = 10
        while width < 19, value.magnitude >= limit {
            width += 1
            limit *= 10
        }
        writePadded(value.magnitude, width: width)
    }

    /// Writes `value` (not negative) zero-padded to `width` digits (its
    /// lowest ones, should it have more), straight into the buffer; past its
    /// end, digits are dropped. Digits are found right to left: dividing by
    /// the constant 10 compiles to a multiplication (without a signed
    /// operand's corrections), where the left-to-right way needed a hardware
    /// division per digit.
    private mutating func writePadded(_ value: some BinaryInteger, width: Int) {
        var rest = UInt(truncatingIfNeeded: value)
        for position in (count..<count + width).reversed() {
            if position < buffer.count { buffer[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10) }
            rest /= 10
        }
        count = min(count + width, buffer.count)
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01, valid
    /// from 1970 on (Howard Hinnant's `civil_from_days`).
    public static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
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
}
