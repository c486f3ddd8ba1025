import Foundation

/// What `preview(_:)` and `invoke(url:)` answer: what the App Clip shows,
/// and the server-minted handoff it stores verbatim in the App Group.
///
/// Show the names from the handoff once `HandoffStore.write` has decoded it
/// (the codec refuses hidden characters), not these fields.
public struct InvitePreview: Codable, Equatable, Sendable {
    /// The inviting family.
    public let familyName: String
    /// The inviting person, when the invite names one.
    public let inviterName: String?
    /// When the invite stops being redeemable.
    public let expiresAt: Date
    /// Redemptions left.
    public let usesLeft: Int
    /// `active` for every preview the server answers.
    public let state: InviteState
    /// The server-minted, MAC'd handoff envelope for the App Group.
    public let handoff: String
}
