import BatonJSON
import Foundation

/// An invite as the backend API answers it (`GET /v1/invites/{id}`,
/// `POST /v1/invites/{id}/revoke`), with its redemptions when the route
/// gives them.
public struct Invite: Codable, Equatable, Sendable {
    /// One redemption of the invite.
    public struct Redemption: Codable, Equatable, Sendable {
        /// The redemption's id.
        public let id: String
        /// Who redeemed.
        public let redeemerId: String
        /// How.
        public let channel: RedemptionChannel
        /// When.
        public let redeemedAt: Date
    }

    /// The invite's id (a UUID, lowercase).
    public let id: String
    /// The backend's family id.
    public let familyId: String
    /// The family's display name.
    public let familyName: String
    /// The backend's id of the inviting person.
    public let inviterId: String?
    /// The inviting person's display name.
    public let inviterName: String?
    /// Where it is in its life.
    public let state: InviteState
    /// How many redemptions it allows.
    public let maxRedemptions: Int
    /// How many it has had.
    public let redemptionCount: Int
    /// How many are left (0 unless active).
    public let usesLeft: Int
    /// When it was created.
    public let createdAt: Date
    /// When it expires.
    public let expiresAt: Date
    /// The backend's own JSON.
    public let metadata: [String: JSONValue]
    /// Its redemptions, oldest first: present in `GET /v1/invites/{id}` and revoke's answer.
    public let redemptions: [Redemption]?
}
