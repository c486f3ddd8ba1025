import Foundation

/// One group of a journey: the invites with one value of the query's
/// `group_by` (all invites when there is none), or every group past the
/// query's `top` summed ("other"), bucket by bucket.
/// JSON: `key` (null for invites without the attribute, for the one group
/// of an ungrouped query, and for "other"), `other`, `buckets` (`start`,
/// `end`, `stages`, `reached`) and `totals`.
public struct JourneyGroup: Sendable, Equatable, Encodable {
    /// One bucket of the group.
    public struct Bucket: Sendable, Equatable, Encodable {
        /// The bucket's first instant (inclusive).
        public var start: Date
        /// The bucket's end (exclusive).
        public var end: Date
        /// Its counts.
        public var tally: JourneyTally

        /// The flattened form described above.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FunnelCodingKey.self)
            try container.encode(start, forKey: "start")
            try container.encode(end, forKey: "end")
            try tally.encode(into: &container)
        }
    }

    /// The group's value (untrusted text the backend sent), or nil.
    public var key: String?
    /// True for the group that sums every group past the query's `top`
    /// (``JourneyQuery/top``); it comes last.
    public var isOther: Bool
    /// One per bucket of the range, oldest first.
    public var buckets: [Bucket]
    /// The whole range.
    public var totals: JourneyTally

    /// An empty group over `query`'s buckets.
    public init(key: String?, query: JourneyQuery, isOther: Bool = false) {
        self.key = key
        self.isOther = isOther
        buckets = query.bucketStarts.map {
            Bucket(start: $0, end: $0.addingTimeInterval(Double(query.interval.seconds)), tally: JourneyTally(view: query.view))
        }
        totals = JourneyTally(view: query.view)
    }

    /// Adds `reach` at `stage` to bucket `index` (when the range has it)
    /// and to the totals.
    mutating func add(_ stage: InviteStage, _ reach: StageReach, bucket index: Int) {
        if buckets.indices.contains(index) { buckets[index].tally.add(stage, reach) }
        totals.add(stage, reach)
    }

    private enum CodingKeys: String, CodingKey { case key, other, buckets, totals }

    /// `key`, `other`, `buckets`, `totals`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(isOther, forKey: .other)
        try container.encode(buckets, forKey: .buckets)
        try container.encode(totals, forKey: .totals)
    }
}
