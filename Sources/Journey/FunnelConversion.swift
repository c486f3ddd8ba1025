/// Stage-to-stage ratios of event counts in one span (not cohorts: an
/// invite created in one bucket and redeemed in the next counts in each
/// bucket's own stage). Nil when the denominator is zero. May exceed 1, for
/// example when multi-use invites are redeemed several times.
public struct FunnelConversion: Sendable, Equatable, Codable {
    /// previewed / issued.
    public var previewedOfIssued: Double?
    /// redeemed / previewed.
    public var redeemedOfPreviewed: Double?
    /// redeemed / issued.
    public var redeemedOfIssued: Double?

    /// The given ratios.
    public init(previewedOfIssued: Double?, redeemedOfPreviewed: Double?, redeemedOfIssued: Double?) {
        self.previewedOfIssued = previewedOfIssued
        self.redeemedOfPreviewed = redeemedOfPreviewed
        self.redeemedOfIssued = redeemedOfIssued
    }

    private enum CodingKeys: String, CodingKey { case previewedOfIssued, redeemedOfPreviewed, redeemedOfIssued }

    /// Every key present, `null` for an undefined ratio.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(previewedOfIssued, forKey: .previewedOfIssued)
        try container.encode(redeemedOfPreviewed, forKey: .redeemedOfPreviewed)
        try container.encode(redeemedOfIssued, forKey: .redeemedOfIssued)
    }
}
