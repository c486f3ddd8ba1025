import Foundation

/// A created invite: the invite and its credentials, which exist only in
/// this answer (the server keeps only their hashes).
public struct CreatedInvite: Codable, Equatable, Sendable {
    /// The invite's id.
    public let id: String
    /// The backend's family id.
    public let familyId: String
    /// The family's display name.
    public let familyName: String
    /// Where it is in its life (`active`).
    public let state: InviteState
    /// How many redemptions it allows.
    public let maxRedemptions: Int
    /// When it expires.
    public let expiresAt: Date
    /// The typed code in display form, such as `ABCDE-FGHJK`.
    public let code: String
    /// The link token (26 characters).
    public let token: String
    /// The invite link, `https://HOST/invite/<token>`.
    public let link: String
    /// Apple's default App Clip link, when the server knows the clip's bundle id.
    public let appClipLink: String?
}
