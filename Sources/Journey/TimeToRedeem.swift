/// How long invites took from creation to redemption within a report's
/// range: percentiles read from ``StagePairHistogram`` (within 4.4 %
/// above one second) and the non-empty bins, for drawing the distribution.
public struct TimeToRedeem: Sendable, Equatable, Encodable {
    /// One non-empty bin: redemptions that took `[lowerSeconds, upperSeconds)`.
    public struct Bin: Sendable, Equatable, Encodable {
        /// The bin's lower bound in seconds.
        public var lowerSeconds: Double
        /// The bin's upper bound in seconds (exclusive).
        public var upperSeconds: Double
        /// Redemptions in it.
        public var count: Int
    }

    /// Redemptions measured.
    public var count: Int
    /// Median seconds, nil without redemptions.
    public var p50Seconds: Double?
    /// 90th percentile seconds, nil without redemptions.
    public var p90Seconds: Double?
    /// 99th percentile seconds, nil without redemptions.
    public var p99Seconds: Double?
    /// Non-empty bins, shortest first.
    public var histogram: [Bin]

    /// The summary of `histogram`.
    public init(_ histogram: StagePairHistogram) {
        count = histogram.total
        p50Seconds = histogram.percentile(0.5)
        p90Seconds = histogram.percentile(0.9)
        p99Seconds = histogram.percentile(0.99)
        self.histogram = histogram.counts.keys.sorted().map { bin in
            Bin(
                lowerSeconds: StagePairHistogram.lowerBound(of: bin), upperSeconds: StagePairHistogram.upperBound(of: bin),
                count: histogram.counts[bin] ?? 0)
        }
    }

    private enum CodingKeys: String, CodingKey { case count, p50Seconds, p90Seconds, p99Seconds, histogram }

    /// Every key present, `null` percentiles without redemptions.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(p50Seconds, forKey: .p50Seconds)
        try container.encode(p90Seconds, forKey: .p90Seconds)
        try container.encode(p99Seconds, forKey: .p99Seconds)
        try container.encode(histogram, forKey: .histogram)
    }
}
