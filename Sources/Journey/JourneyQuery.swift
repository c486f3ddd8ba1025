import BatonCore
import BatonJSON
import Foundation
import SafeText

/// What a funnel report covers: the UTC range `[from, to)` widened to whole
/// buckets of `interval`, optionally one family, and how its journey is
/// broken down (its ``top`` groups and "other") and counted. Built by
/// ``init(from:to:interval:familyID:groupBy:view:now:)``, which validates
/// and aligns, so any value of this type is a query the database may run.
public struct JourneyQuery: Sendable, Equatable {
    /// The most buckets one query answers; more is refused with `range_too_large`.
    public static let bucketLimit = 5_000
    /// The default range: this many days back from now.
    public static let defaultDays = 7
    /// The groups of a breakdown answered on their own unless `top` says otherwise.
    public static let defaultTop = 10
    /// The values `top` may take.
    public static let topRange = 1...100
    /// The range dates may fall in (1970-01-01 to 9999-01-01 UTC).
    static let validDates = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_370_764_800)

    /// The first bucket's start (inclusive).
    public let from: Date
    /// The last bucket's end (exclusive).
    public let to: Date
    /// The bucket width.
    public let interval: FunnelInterval
    /// Only this family's events, or every family's when nil.
    public let familyID: String?
    /// The journey's breakdown, or nil for one group of every invite.
    public var groupBy: FunnelGrouping?
    /// How the journey counts: by the bucket of each stage, or of issue.
    public var view: FunnelView
    /// With a `groupBy`, the groups with the most invites issued (then
    /// redeemed, then by key) that keep their own row; the rest are summed
    /// into one "other" group (``JourneyGroup/isOther``). Kept within ``topRange``.
    public var top = defaultTop {
        didSet { top = min(max(top, Self.topRange.lowerBound), Self.topRange.upperBound) }
    }

    /// A query over `[from, to)`; `to` defaults to `now`, `from` to seven
    /// days before `to`. `from` is moved back to its bucket's start and `to`
    /// forward to a bucket end, so every bucket is whole.
    /// - Throws: `FunnelError.invalidParameter` for a family id that is not
    ///   1-128 characters without hidden characters or a date outside
    ///   1970-9999, `.emptyRange` when `from >= to`, `.rangeTooLarge` above
    ///   ``bucketLimit`` buckets.
    public init(
        from: Date? = nil, to: Date? = nil, interval: FunnelInterval = .day, familyID: String? = nil, groupBy: FunnelGrouping? = nil,
        view: FunnelView = .flow, now: Date = Date()
    ) throws(FunnelError) {
        if let familyID {
            guard (1...128).contains(familyID.unicodeScalars.count), !HiddenCharacters.contains(in: familyID) else {
                throw .invalidParameter(field: "family_id", reason: "must have 1 to 128 characters, none of them hidden")
            }
        }
        let end = to ?? now
        let start = from ?? end.addingTimeInterval(-Double(Self.defaultDays * 86_400))
        for (field, date) in [("from", start), ("to", end)] where !Self.validDates.contains(date) {
            throw .invalidParameter(field: field, reason: "must be between 1970 and 9999")
        }
        guard start < end else { throw .emptyRange }
        self.from = interval.floor(start)
        self.to = interval.ceiling(end)
        self.interval = interval
        self.familyID = familyID
        self.groupBy = groupBy
        self.view = view
        let buckets = Int64(self.to.timeIntervalSince(self.from)) / interval.seconds
        guard buckets <= Self.bucketLimit else { throw .rangeTooLarge(buckets: buckets, limit: Self.bucketLimit) }
    }

    /// A query from the HTTP parameters as sent: `from` and `to` as RFC 3339
    /// date-times (`2026-11-01T00:00:00Z`, fractional seconds and offsets
    /// allowed), `interval` as `hour`, `day` or `week`, `groupBy` as
    /// `source`, `campaign`, `inviter`, `family` or `platform`, `view` as `flow` or
    /// `cohort`, `top` as a whole number within ``topRange``.
    /// - Throws: `FunnelError.invalidParameter` naming the field,
    ///   `.invalidGroupBy`, `.invalidView`, or as the initializer.
    public static func parse(
        from: String?, to: String?, interval: String?, familyID: String?, groupBy: String? = nil, view: String? = nil,
        top: String? = nil, now: Date = Date()
    ) throws(FunnelError) -> JourneyQuery {
        var width = FunnelInterval.day
        if let interval {
            guard let parsed = FunnelInterval(rawValue: interval) else {
                throw .invalidParameter(field: "interval", reason: "must be hour, day or week")
            }
            width = parsed
        }
        let grouping = try groupBy.map { text throws(FunnelError) in
            guard let grouping = FunnelGrouping(rawValue: text) else { throw .invalidGroupBy }
            return grouping
        }
        let counting = try view.map { text throws(FunnelError) in
            guard let counting = FunnelView(rawValue: text) else { throw .invalidView }
            return counting
        }
        let groups = try PageLimit.parse(top, in: topRange, default: defaultTop) { reason in
            FunnelError.invalidParameter(field: "top", reason: reason)
        }
        var query = try JourneyQuery(
            from: try from.map { text throws(FunnelError) in try date(text, field: "from") },
            to: try to.map { text throws(FunnelError) in try date(text, field: "to") },
            interval: width, familyID: familyID, groupBy: grouping, view: counting ?? .flow, now: now
        )
        query.top = groups
        return query
    }

    /// The number of buckets.
    public var bucketCount: Int { Int(Int64(to.timeIntervalSince(from)) / interval.seconds) }

    /// The cells a report of this query holds, known before any row is read:
    /// ``bucketCount`` × its rows × the seven ``InviteStage``s. The rows are
    /// the event funnel's one and the journey's groups: one without
    /// `groupBy`, at most ``top`` and "other" with it (docs/metrics.md, "Bounds").
    public var cells: Int {
        let groups = groupBy == nil ? 1 : top + 1
        return bucketCount * (1 + groups) * InviteStage.allCases.count
    }

    /// Every bucket's start, oldest first.
    public var bucketStarts: [Date] {
        (0..<bucketCount).map { from.addingTimeInterval(Double(Int64($0) * interval.seconds)) }
    }

    private static func date(_ text: String, field: String) throws(FunnelError) -> Date {
        guard let date = RFC3339.date(text) else {
            throw .invalidParameter(field: field, reason: "must be an RFC 3339 date-time such as 2026-11-01T00:00:00Z")
        }
        return date
    }
}
