import Foundation

/// What a clip may show about a live invite before anyone redeems it.
public struct InvitePreview: Sendable, Equatable {
    /// The invite's id (not shown to clients).
    public let inviteID: UUID
    /// The inviting family's display name.
    public let familyName: String
    /// The inviting person's display name, if the backend gave one.
    public let inviterName: String?
    /// When the invite expires.
    public let expiresAt: Date
    /// Redemptions left.
    public let usesLeft: Int
    /// The invite's state (`active` for every preview that is answered).
    public let state: String
    /// Whether it is bound to one invitee; who that is, is never shown.
    public var forSpecificPerson = false
    /// The invite's attribution, for the landing page's store links (never
    /// shown to the person).
    public var source: String?
    /// The invite's campaign, as ``source``.
    public var campaign: String?
    /// The language of the invite's landing page, if one was chosen.
    public var locale: PageLanguage?
}
