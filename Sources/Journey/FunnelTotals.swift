/// A funnel report's whole range: what its buckets hold together, and the
/// time to redeem. JSON as a bucket's, without `start`/`end`, plus `time_to_redeem`.
public struct FunnelTotals: Sendable, Equatable, Encodable {
    /// The buckets' counts summed.
    public var tally: FunnelTally
    /// Time from creation to redemption of the range's redemptions.
    public var timeToRedeem: TimeToRedeem

    /// The given totals.
    public init(tally: FunnelTally, timeToRedeem: TimeToRedeem) {
        self.tally = tally
        self.timeToRedeem = timeToRedeem
    }

    /// The flattened form described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FunnelCodingKey.self)
        try tally.encode(into: &container)
        try container.encode(timeToRedeem, forKey: "timeToRedeem")
    }
}
