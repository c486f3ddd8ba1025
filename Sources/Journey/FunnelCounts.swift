/// How many invites entered each funnel stage within a span of time: each
/// count is the number of events of that type that occurred in the span.
public struct FunnelCounts: Sendable, Equatable, Codable {
    /// Invites created (`invite.created`).
    public var issued = 0
    /// Invites previewed for the first time (`invite.previewed`).
    public var previewed = 0
    /// Redemptions (`invite.redeemed`; a multi-use invite counts each).
    public var redeemed = 0
    /// Invites expired by the worker's sweep (`invite.expired`).
    public var expired = 0
    /// Invites revoked (`invite.revoked`).
    public var revoked = 0

    /// All zero.
    public init() {}

    /// The given counts.
    public init(issued: Int, previewed: Int, redeemed: Int, expired: Int, revoked: Int) {
        self.issued = issued
        self.previewed = previewed
        self.redeemed = redeemed
        self.expired = expired
        self.revoked = revoked
    }

    /// Adds `count` events of `eventType` (such as `invite.created`); other types are ignored.
    public mutating func add(_ count: Int, eventType: String) {
        switch eventType {
        case "invite.created": issued += count
        case "invite.previewed": previewed += count
        case "invite.redeemed": redeemed += count
        case "invite.expired": expired += count
        case "invite.revoked": revoked += count
        default: break
        }
    }

    /// The stage ratios of these counts.
    public var conversion: FunnelConversion {
        FunnelConversion(
            previewedOfIssued: Self.ratio(previewed, issued),
            redeemedOfPreviewed: Self.ratio(redeemed, previewed),
            redeemedOfIssued: Self.ratio(redeemed, issued)
        )
    }

    private static func ratio(_ part: Int, _ whole: Int) -> Double? {
        whole == 0 ? nil : Double(part) / Double(whole)
    }
}
