import Foundation

/// What a redemption returns: `201` the first time, and the identical body
/// (`200`) whenever the same redeemer redeems the same invite again.
public struct RedemptionReceipt: Sendable, Equatable, Codable {
    /// The redemption's id.
    public let id: UUID
    /// The redeemed invite.
    public let inviteID: UUID
    /// The inviting family's id.
    public let familyID: String
    /// The inviting family's display name.
    public let familyName: String
    /// Who redeemed it.
    public let redeemerID: String
    /// How it arrived.
    public let channel: RedemptionChannel
    /// When, by the database's clock.
    public let redeemedAt: Date
    /// Uses of the invite left right after this redemption.
    public let usesLeft: Int

    enum CodingKeys: String, CodingKey {
        case id, inviteID = "inviteId", familyID = "familyId", familyName, redeemerID = "redeemerId", channel, redeemedAt, usesLeft
    }

    /// Ids in lower case, as PostgreSQL and the invite routes write them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(inviteID.uuidString.lowercased(), forKey: .inviteID)
        try container.encode(familyID, forKey: .familyID)
        try container.encode(familyName, forKey: .familyName)
        try container.encode(redeemerID, forKey: .redeemerID)
        try container.encode(channel, forKey: .channel)
        try container.encode(redeemedAt, forKey: .redeemedAt)
        try container.encode(usesLeft, forKey: .usesLeft)
    }
}

/// The result of a redemption that succeeded.
public enum RedemptionOutcome: Sendable, Equatable {
    /// A new redemption (HTTP 201).
    case redeemed(RedemptionReceipt)
    /// The same redeemer already holds this redemption (HTTP 200, same body).
    case replayed(RedemptionReceipt)

    /// The receipt either way.
    public var receipt: RedemptionReceipt {
        switch self {
        case .redeemed(let receipt), .replayed(let receipt): receipt
        }
    }
}
