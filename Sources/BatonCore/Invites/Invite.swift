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

    /// The invite's id.
    public var id: UUID
    /// The backend's family id (1–128 characters).
    public var familyID: String
    /// The family's display name (1–100 characters).
    public var familyName: String
    /// The backend's id of the person who invited, if given.
    public var inviterID: String?
    /// The inviter's display name, if given.
    public var inviterName: String?
    /// The effective state (see ``State``).
    public var state: State
    /// Redemptions allowed (1–10,000).
    public var maxRedemptions: Int
    /// Redemptions so far; never more than ``maxRedemptions``.
    public var redemptionCount: Int
    /// A JSON object as text.
    public var metadata: String
    /// When it was created, by the database clock.
    public var createdAt: Date
    /// When it stops being redeemable, by the database clock.
    public var expiresAt: Date
    /// Its first preview, if any.
    public var firstPreviewedAt: Date?
    /// When it became used up, expired or revoked, if it has.
    public var finalizedAt: Date?
    /// Who it is for, as kind and hint only; nil when anyone may redeem it.
    public var invitee: InviteeBinding?
    /// Whether its inviter may redeem it.
    public var allowSelfRedemption: Bool
    /// Where it came from.
    public var attribution: Attribution
    /// When its family's personal data was erased, if it was.
    public var erasedAt: Date?
    /// The language of its landing page, if one was chosen (and this build supports it).
    public var locale: PageLanguage?
    /// `created_at` in microseconds since 1970, exactly as stored: the keyset cursor's key.
    var createdMicros: Int64

    /// Redemptions still possible: 0 unless the invite is active.
    public var usesLeft: Int { state == .active ? maxRedemptions - redemptionCount : 0 }
}

/// What the API shows of an invite's invitee: which kind of identity binds
/// it and a hint (``Invitee/hint``), never the value or its hash.
public struct InviteeBinding: Sendable, Equatable {
    /// `email`, `phone` or `subject`.
    public var kind: Invitee.Kind
    /// `a•••@example.com`, `•••23`, or nil for a subject.
    public var hint: String?
}

/// One redemption of an invite, as `GET /v1/invites/{id}` lists them.
public struct InviteRedemption: Sendable, Equatable {
    /// The redemption's id (the receipt id).
    public var id: UUID
    /// Who redeemed.
    public var redeemerID: String
    /// `clip`, `app`, `web` or `backend`.
    public var channel: String
    /// When, by the database clock.
    public var redeemedAt: Date
}

/// An invite with its redemptions, oldest first.
public struct InviteDetail: Sendable, Equatable {
    /// The invite.
    public var invite: Invite
    /// Its redemptions, oldest first.
    public var redemptions: [InviteRedemption]
}
