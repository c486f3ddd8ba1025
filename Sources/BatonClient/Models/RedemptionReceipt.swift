import Foundation

/// What a redemption answers: 201 the first time, 200 with the identical
/// receipt when the same redeemer redeems again (``replayed``).
public struct RedemptionReceipt: Codable, Equatable, Sendable {
    /// The redemption's id.
    public let id: String
    /// The redeemed invite.
    public let inviteId: String
    /// The family the redeemer joins.
    public let familyId: String
    /// Its display name.
    public let familyName: String
    /// Who redeemed: the JWT's `sub`, or the backend's `redeemer_id`.
    public let redeemerId: String
    /// How it was redeemed.
    public let channel: RedemptionChannel
    /// When, as the database's clock saw it.
    public let redeemedAt: Date
    /// Redemptions the invite has left.
    public let usesLeft: Int
    /// Whether this is the receipt of an earlier redemption by the same
    /// redeemer (HTTP 200) rather than a new one (201). Not part of the body.
    public internal(set) var replayed = false

    private enum CodingKeys: String, CodingKey {
        case id, inviteId, familyId, familyName, redeemerId, channel, redeemedAt, usesLeft
    }
}
