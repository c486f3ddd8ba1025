import Foundation

/// A stored invite as the API shows it: never its code or token.
public struct Invite: Sendable, Equatable {
    /// Where an invite is in its life. `expired` is also reported for an
    /// invite still marked active whose `expires_at` has passed by the
    /// database clock, before the expiry sweep has rewritten it.
    public enum State: String, Sendable, CaseIterable {
        case active
        case usedUp = "used_up"
        case expired
        case revoked
    }

    public var id: UUID
    public var familyID: String
    public var familyName: String
    public var inviterID: String?
    public var inviterName: String?
    public var state: State
    public var maxRedemptions: Int
    public var redemptionCount: Int
    /// A JSON object as text.
    public var metadata: String
    public var createdAt: Date
    public var expiresAt: Date
    public var firstPreviewedAt: Date?
    public var finalizedAt: Date?
    /// `created_at` in microseconds since 1970, exactly as stored: the keyset cursor's key.
    var createdMicros: Int64

    /// Redemptions still possible: 0 unless the invite is active.
    public var usesLeft: Int { state == .active ? maxRedemptions - redemptionCount : 0 }
}

/// One redemption of an invite, as `GET /v1/invites/{id}` lists them.
public struct InviteRedemption: Sendable, Equatable, Decodable {
    public var id: UUID
    public var redeemerID: String
    public var channel: String
    public var redeemedAt: Date

    private enum CodingKeys: String, CodingKey {
        case id, redeemerID = "redeemer_id", channel, redeemedAt = "redeemed_at"
    }
}

/// An invite with its redemptions, oldest first.
public struct InviteDetail: Sendable, Equatable {
    public var invite: Invite
    public var redemptions: [InviteRedemption]
}
