import Foundation

/// The width of a funnel bucket. Buckets are fixed spans of UTC time aligned
/// on 2001-01-01 00:00 UTC, a Monday: an hour, a UTC day (midnight to
/// midnight), or an ISO week (Monday 00:00 UTC to the next Monday).
public enum FunnelInterval: String, Sendable, CaseIterable, Codable {
    /// One UTC hour.
    case hour
    /// One UTC day.
    case day
    /// One ISO week, starting Monday 00:00 UTC.
    case week

    /// The bucket width in seconds (UTC has no daylight saving: always exact).
    public var seconds: Int64 {
        switch self {
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        }
    }

    /// The stride as PostgreSQL reads it for `date_bin`.
    var sqlInterval: String { "\(seconds) seconds" }

    /// 2001-01-01T00:00:00Z, the origin of every bucket (a Monday, so week buckets are ISO weeks).
    static let origin = Date(timeIntervalSince1970: 978_307_200)

    /// The start of the bucket holding `date`.
    public func floor(_ date: Date) -> Date {
        let offset = Int64((date.timeIntervalSince(Self.origin)).rounded(.down))
        let buckets = offset >= 0 ? offset / seconds : -((-offset + seconds - 1) / seconds)
        return Self.origin.addingTimeInterval(Double(buckets * seconds))
    }

    /// `date` if it starts a bucket, else the start of the next bucket.
    public func ceiling(_ date: Date) -> Date {
        let start = floor(date)
        return start == date ? date : start.addingTimeInterval(Double(seconds))
    }
}
