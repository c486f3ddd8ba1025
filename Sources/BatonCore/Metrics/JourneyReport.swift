/// The journey from link to app over a funnel query's range: the stages
/// reached per group and bucket, the times between stages and the views.
/// JSON (the funnel report's `journey`): `view`, `group_by`, `groups`,
/// `times_between_stages`, `views` (view → count, null for one family:
/// views carry none). Produced by ``JourneyStore``; every group is present
/// (unbounded), ``bounded(top:)`` makes the page's and Prometheus's top N.
public struct JourneyReport: Sendable, Equatable, Encodable {
    /// How the stages are counted.
    public var view: FunnelView
    /// What the groups are keyed by, or nil for one group.
    public var groupBy: FunnelGrouping?
    /// The groups, most invites first (issued, then redeemed; ties by key).
    public var groups: [JourneyGroup]
    /// The whole range, all groups together.
    public var totals: JourneyTally
    /// Times between the stages of ``StageTime/pairs``, in that order.
    public var timesBetweenStages: [StageTime]
    /// Views in the range, first or repeated; nil for one family.
    public var views: [StageView: Int]?

    /// The given report.
    public init(
        view: FunnelView, groupBy: FunnelGrouping?, groups: [JourneyGroup], totals: JourneyTally, timesBetweenStages: [StageTime],
        views: [StageView: Int]?
    ) {
        self.view = view
        self.groupBy = groupBy
        self.groups = groups
        self.totals = totals
        self.timesBetweenStages = timesBetweenStages
        self.views = views
    }

    /// The `top` (at least 1) largest groups, and one more merging the rest
    /// (``JourneyGroup/isOther``) when there are more: what a page or a
    /// metrics scrape can show whatever the number of sources or families.
    public func bounded(top: Int) -> [JourneyGroup] {
        let kept = max(1, top)
        guard groups.count > kept else { return groups }
        var other = groups[kept]
        other.key = nil
        other.isOther = true
        for group in groups.dropFirst(kept + 1) { other.add(group) }
        return Array(groups.prefix(kept)) + [other]
    }

    private enum CodingKeys: String, CodingKey { case view, groupBy, groups, totals, timesBetweenStages, views }

    /// Every key present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(view, forKey: .view)
        try container.encode(groupBy, forKey: .groupBy)
        try container.encode(groups, forKey: .groups)
        try container.encode(totals, forKey: .totals)
        try container.encode(timesBetweenStages, forKey: .timesBetweenStages)
        try container.encode(views.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }, forKey: .views)
    }
}
