/// The preview answer (`POST /v1/invocations`, `GET /v1/invites/{credential}/preview`):
/// what the clip shows, and the server-MAC'd handoff it stores verbatim.
/// The clip shows the names from the decoded handoff, which the codec has
/// checked for hidden characters, not these fields.
struct InvitePreview: Decodable, Sendable {
    let familyName: String
    let inviterName: String?
    let usesLeft: Int
    let handoff: String
}

/// The receipt of `POST /v1/redemptions` (201 first time, 200 on a replay).
struct RedemptionReceipt: Decodable, Sendable, Equatable {
    let id: String
    let inviteId: String
    let familyId: String
    let redeemerId: String
    let channel: String
    let usesLeft: Int
}

/// The answer of `POST /v1/invites`: the credentials appear only here.
struct CreatedInvite: Decodable, Sendable {
    let id: String
    let familyId: String
    let link: String
    let code: String
}
