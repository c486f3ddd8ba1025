/// The journey from link to app over a funnel query's range: the stages
/// reached per group and bucket, the times between stages and the views.
/// JSON (the funnel report's `journey`): `view`, `group_by`, `groups`,
/// `times_between_stages`, `views` (view → count, null for one family:
/// views carry none). Produced by ``JourneyStore``: with a breakdown, the
/// query's `top` groups and, when there are more, one "other" summing them.
public struct JourneyReport: Sendable, Equatable, Encodable {
    /// How the stages are counted.
    public var view: FunnelView
    /// What the groups are keyed by, or nil for one group.
    public var groupBy: FunnelGrouping?
    /// The groups, most invites first (issued, then redeemed; ties by key),
    /// "other" last.
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
