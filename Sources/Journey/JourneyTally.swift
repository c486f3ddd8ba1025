/// What one span of a journey holds, per ``InviteStage`` (every stage
/// present): in a flow, the invites that first reached the stage in the
/// span; in a cohort, the invites issued in the span that reached it, when.
/// JSON: `stages` (stage → invites), and `reached` (stage → ``StageReach``)
/// in a cohort, null in a flow.
public struct JourneyTally: Sendable, Equatable, Encodable {
    /// Invites per stage: reached in the span (flow), or ever (cohort).
    public var stages: [InviteStage: Int]
    /// Per stage, how soon the cohort reached it; nil in a flow.
    public var reached: [InviteStage: StageReach]?

    /// Zero everywhere, with `reached` when `view` is a cohort.
    public init(view: FunnelView) {
        stages = Dictionary(uniqueKeysWithValues: InviteStage.allCases.map { ($0, 0) })
        reached = view == .cohort ? Dictionary(uniqueKeysWithValues: InviteStage.allCases.map { ($0, StageReach()) }) : nil
    }

    /// Adds `reach.ever` invites at `stage` (and `reach` itself to a cohort's `reached`).
    mutating func add(_ stage: InviteStage, _ reach: StageReach) {
        stages[stage, default: 0] += reach.ever
        reached?[stage, default: StageReach()].add(reach)
    }

    /// Adds every count of `other`.
    mutating func add(_ other: JourneyTally) {
        for stage in InviteStage.allCases {
            add(stage, other.reached?[stage] ?? StageReach(within1h: 0, within1d: 0, within7d: 0, ever: other.stages[stage] ?? 0))
        }
    }

    /// The share of the invites at `from` that are at `to` (nil when none are at `from`).
    public func share(_ to: InviteStage, of from: InviteStage) -> Double? {
        let whole = stages[from] ?? 0
        return whole == 0 ? nil : Double(stages[to] ?? 0) / Double(whole)
    }

    /// Stage names as keys, every key present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FunnelCodingKey.self)
        try encode(into: &container)
    }

    /// Writes `stages` and `reached` into `container`.
    func encode(into container: inout KeyedEncodingContainer<FunnelCodingKey>) throws {
        try container.encode(Dictionary(uniqueKeysWithValues: stages.map { ($0.key.rawValue, $0.value) }), forKey: "stages")
        try container.encode(reached.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }, forKey: "reached")
    }
}
