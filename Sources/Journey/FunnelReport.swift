import Foundation

/// The redemption funnel over a range: one bucket per interval (every
/// bucket present, oldest first, empty ones with zeros) and the totals.
/// All times are UTC; `time_zone` in the JSON says so.
///
/// Counts are events of each type that occurred in a bucket, so they equal
/// `count(*)` over `baton.events` for the same span; refusals are those the
/// API servers have flushed (within seconds). Produced by ``FunnelStore``.
public struct FunnelReport: Sendable, Equatable, Encodable {
    /// The query answered, with its range aligned to whole buckets.
    public var query: JourneyQuery
    /// One per bucket of the range, oldest first.
    public var buckets: [FunnelBucket]
    /// The whole range.
    public var totals: FunnelTotals
    /// The stages each invite reached, first time per invite, as the query's
    /// `view` counts them and broken down by its `group_by`; nil when the
    /// report was read without it (the benchmark's event funnel alone).
    public var journey: JourneyReport?

    /// A report of `buckets`, `totals` and `journey` for `query`.
    public init(query: JourneyQuery, buckets: [FunnelBucket], totals: FunnelTotals, journey: JourneyReport?) {
        self.query = query
        self.buckets = buckets
        self.totals = totals
        self.journey = journey
    }

    /// `{"from", "to", "interval", "family_id", "time_zone": "UTC", "buckets", "totals", "journey"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FunnelCodingKey.self)
        try container.encode(query.from, forKey: "from")
        try container.encode(query.to, forKey: "to")
        try container.encode(query.interval, forKey: "interval")
        try container.encode(query.familyID, forKey: "familyId")
        try container.encode("UTC", forKey: "timeZone")
        try container.encode(buckets, forKey: "buckets")
        try container.encode(totals, forKey: "totals")
        try container.encode(journey, forKey: "journey")
    }
}
