import BatonJSON
import Foundation

/// What a redemption returns: `201` the first time, and the identical body
/// (`200`) whenever the same redeemer redeems the same invite again. It
/// carries the invite's context (metadata, inviter, attribution) so the
/// backend can act on a redemption without looking the invite up. After the
/// family's erasure a replay carries the erased form (docs/privacy.md).
public struct RedemptionReceipt: Sendable, Equatable, Encodable {
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
    /// The invite's metadata, a JSON object as text.
    public var metadata: String = "{}"
    /// The inviter's id, if the invite names one.
    public var inviterID: String?
    /// The inviter's display name, if the invite names one.
    public var inviterName: String?
    /// Where the invite came from.
    public var attribution = Attribution()

    enum CodingKeys: String, CodingKey {
        case id, inviteID = "inviteId", familyID = "familyId", familyName, redeemerID = "redeemerId", channel, redeemedAt, usesLeft
        case metadata, inviterID = "inviterId", inviterName, source, campaign
    }

    /// Ids in lower case, as PostgreSQL and the invite routes write them;
    /// absent optional members as `null`.
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
        try container.encode(JSONValue(storedObject: metadata), forKey: .metadata)
        try container.encode(inviterID, forKey: .inviterID)
        try container.encode(inviterName, forKey: .inviterName)
        try container.encode(attribution.source, forKey: .source)
        try container.encode(attribution.campaign, forKey: .campaign)
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
