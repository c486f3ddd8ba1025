import Foundation

/// `timestamptz` in binary form: a signed count of microseconds since
/// 2000-01-01 00:00 UTC, with the extremes meaning `±infinity`.
enum PostgresTimestamp {
    /// 2000-01-01 minus 2001-01-01 (Foundation's reference date), in microseconds.
    private static let referenceOffset: Int64 = 366 * 86_400 * 1_000_000

    static func microseconds(from date: Date) -> Int64 {
        Int64((date.timeIntervalSinceReferenceDate * 1_000_000).rounded()) + referenceOffset
    }

    static func date(fromMicroseconds micros: Int64) -> Date {
        switch micros {
        case .max: .distantFuture
        case .min: .distantPast
        default: Date(timeIntervalSinceReferenceDate: Double(micros - referenceOffset) / 1_000_000)
        }
    }
}
