/// How long invites took from one stage to a later one, over the invites
/// that reached both, `to` no earlier than `from`: percentiles read from the
/// rollup's bins (those of ``StagePairHistogram``, within 4.4 % above
/// one second; docs/metrics.md).
/// JSON: `from`, `to`, `count`, `p50_seconds`, `p90_seconds`, `p99_seconds`
/// (null without invites).
public struct StageTime: Sendable, Equatable, Encodable {
    /// The pairs reported, in this order.
    public static let pairs: [(from: InviteStage, to: InviteStage)] = [
        (.issued, .linkOpened), (.linkOpened, .clipOpened), (.clipOpened, .redeemed), (.issued, .redeemed),
    ]

    /// The earlier stage.
    public var from: InviteStage
    /// The later stage.
    public var to: InviteStage
    /// Invites measured.
    public var count: Int
    /// Median seconds.
    public var p50Seconds: Double?
    /// 90th percentile seconds.
    public var p90Seconds: Double?
    /// 99th percentile seconds.
    public var p99Seconds: Double?

    /// The given measurement.
    public init(from: InviteStage, to: InviteStage, count: Int, p50Seconds: Double?, p90Seconds: Double?, p99Seconds: Double?) {
        self.from = from
        self.to = to
        self.count = count
        self.p50Seconds = p50Seconds
        self.p90Seconds = p90Seconds
        self.p99Seconds = p99Seconds
    }

    /// The measurement `histogram` holds.
    init(from: InviteStage, to: InviteStage, histogram: StagePairHistogram) {
        let summary = TimeToRedeem(histogram)
        self.init(
            from: from, to: to, count: summary.count, p50Seconds: summary.p50Seconds, p90Seconds: summary.p90Seconds,
            p99Seconds: summary.p99Seconds)
    }

    private enum CodingKeys: String, CodingKey { case from, to, count, p50Seconds, p90Seconds, p99Seconds }

    /// Every key present, `null` percentiles without invites.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(count, forKey: .count)
        try container.encode(p50Seconds, forKey: .p50Seconds)
        try container.encode(p90Seconds, forKey: .p90Seconds)
        try container.encode(p99Seconds, forKey: .p99Seconds)
    }
}
