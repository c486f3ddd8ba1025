import Foundation

/// One group of a journey: the invites with one value of the query's
/// `group_by` (all invites when there is none), bucket by bucket.
/// JSON: `key` (null for invites without the attribute, or for the one
/// group of an ungrouped query), `buckets` (`start`, `end`, `stages`,
/// `reached`) and `totals`.
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
    /// True for the group that merges every group past a bound (see
    /// `bounded(top:)` on the groups); never in an API answer.
    public var isOther = false
    /// One per bucket of the range, oldest first.
    public var buckets: [Bucket]
    /// The whole range.
    public var totals: JourneyTally

    /// An empty group over `query`'s buckets.
    public init(key: String?, query: FunnelQuery) {
        self.key = key
        buckets = query.bucketStarts.map {
            Bucket(start: $0, end: $0.addingTimeInterval(Double(query.interval.seconds)), tally: JourneyTally(view: query.view))
        }
        totals = JourneyTally(view: query.view)
    }

    /// Adds every count of `other` (over the same buckets).
    mutating func add(_ other: JourneyGroup) {
        for index in buckets.indices where other.buckets.indices.contains(index) {
            buckets[index].tally.add(other.buckets[index].tally)
        }
        totals.add(other.totals)
    }

    /// Adds `reach` at `stage` to bucket `index` (when the range has it)
    /// and to the totals.
    mutating func add(_ stage: InviteStage, _ reach: StageReach, bucket index: Int) {
        if buckets.indices.contains(index) { buckets[index].tally.add(stage, reach) }
        totals.add(stage, reach)
    }

    private enum CodingKeys: String, CodingKey { case key, buckets, totals }

    /// `key`, `buckets`, `totals`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(buckets, forKey: .buckets)
        try container.encode(totals, forKey: .totals)
    }
}

extension [JourneyGroup] {
    /// The `top` (at least 1) largest groups, and one more merging the rest
    /// (``JourneyGroup/isOther``) when there are more: what a page or a
    /// metrics scrape can show whatever the number of sources or families.
    public func bounded(top: Int) -> [JourneyGroup] {
        let kept = Swift.max(1, top)
        guard count > kept else { return self }
        var other = self[kept]
        other.key = nil
        other.isOther = true
        for group in dropFirst(kept + 1) { other.add(group) }
        return Array(prefix(kept)) + [other]
    }
}
