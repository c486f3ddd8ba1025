import BatonCore
import BatonJSON
import Foundation

/// An invite as the API writes it (docs/api.md). The create response adds the
/// credentials (`code`, `token`, `link`, `app_clip_link`), which exist only
/// then; `GET /v1/invites/{id}` adds `redemptions`. Absent optional fields
/// are written as `null`, so every response of a kind has the same keys.
struct InviteBody: Encodable {
    /// What only the create response carries.
    struct Credentials {
        var code: String
        var token: String
        var link: String
        var appClipLink: String?
    }

    var invite: Invite
    var credentials: Credentials?
    var redemptions: [InviteRedemption]?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(invite.id.uuidString.lowercased(), forKey: JSONKey("id"))
        try container.encode(invite.familyID, forKey: JSONKey("family_id"))
        try container.encode(invite.familyName, forKey: JSONKey("family_name"))
        try container.encode(invite.inviterID, forKey: JSONKey("inviter_id"))
        try container.encode(invite.inviterName, forKey: JSONKey("inviter_name"))
        try container.encode(invite.state.rawValue, forKey: JSONKey("state"))
        try container.encode(invite.maxRedemptions, forKey: JSONKey("max_redemptions"))
        try container.encode(invite.redemptionCount, forKey: JSONKey("redemption_count"))
        try container.encode(invite.usesLeft, forKey: JSONKey("uses_left"))
        try container.encode(invite.createdAt, forKey: JSONKey("created_at"))
        try container.encode(invite.expiresAt, forKey: JSONKey("expires_at"))
        try container.encode(JSONValue(storedObject: invite.metadata), forKey: JSONKey("metadata"))
        try container.encode(invite.invitee.map(InviteeBody.init), forKey: JSONKey("invitee"))
        try container.encode(invite.allowSelfRedemption, forKey: JSONKey("allow_self_redemption"))
        try container.encode(invite.attribution.source, forKey: JSONKey("source"))
        try container.encode(invite.attribution.campaign, forKey: JSONKey("campaign"))
        try container.encode(invite.erasedAt, forKey: JSONKey("erased_at"))
        try container.encode(invite.locale?.tag, forKey: JSONKey("locale"))
        if let credentials {
            try container.encode(credentials.code, forKey: JSONKey("code"))
            try container.encode(credentials.token, forKey: JSONKey("token"))
            try container.encode(credentials.link, forKey: JSONKey("link"))
            try container.encode(credentials.appClipLink, forKey: JSONKey("app_clip_link"))
        }
        if let redemptions {
            try container.encode(redemptions.map(RedemptionBody.init), forKey: JSONKey("redemptions"))
        }
    }
}

/// An invite's `invitee`: its kind and hint, never the value.
struct InviteeBody: Encodable {
    var kind: String
    var hint: String?

    init(_ binding: InviteeBinding) {
        kind = binding.kind.rawValue
        hint = binding.hint
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(hint, forKey: .hint)
    }

    private enum CodingKeys: String, CodingKey { case kind, hint }
}

/// One redemption in `GET /v1/invites/{id}`.
struct RedemptionBody: Encodable {
    var id: String
    var redeemerId: String
    var channel: String
    var redeemedAt: Date

    init(_ redemption: InviteRedemption) {
        id = redemption.id.uuidString.lowercased()
        redeemerId = redemption.redeemerID
        channel = redemption.channel
        redeemedAt = redemption.redeemedAt
    }
}
