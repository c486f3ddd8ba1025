/// Why a preview, invocation, handoff check or redemption was refused, as
/// the funnel counts it: a small fixed set, so the in-memory counters and
/// the `rejections_hourly` table stay bounded whatever clients send.
public enum RejectionCode: String, Sendable, CaseIterable, Codable {
    /// No invite has the token or code (`invite_not_found`).
    case inviteNotFound = "invite_not_found"
    /// The invite had expired (`invite_expired`).
    case inviteExpired = "invite_expired"
    /// The invite was revoked (`invite_revoked`).
    case inviteRevoked = "invite_revoked"
    /// Every use was taken (`invite_used_up`).
    case inviteUsedUp = "invite_used_up"
    /// The code or link was replaced by a reissue (`invite_reissued`).
    case inviteReissued = "invite_reissued"
    /// The redeemer was not the invite's invitee (`invitee_mismatch`).
    case inviteeMismatch = "invitee_mismatch"
    /// The inviter tried to redeem their own invite (`self_redemption`).
    case selfRedemption = "self_redemption"
    /// A malformed code or token, refused without a lookup (`invalid_code`).
    case invalidCode = "invalid_code"
    /// The client was over a rate limit (`rate_limited`).
    case rateLimited = "rate_limited"
    /// A handoff envelope was refused or already spent (any `handoff_*` code).
    case badHandoff = "bad_handoff"
    /// The App Clip's invocation URL was not an invite link (`invalid_invocation`).
    case invalidInvocation = "invalid_invocation"

    /// The rejection a wire error code stands for, or nil for errors the
    /// funnel does not count (authentication, malformed JSON, outages).
    public init?(errorCode: String) {
        if let code = RejectionCode(rawValue: errorCode) {
            self = code
        } else if errorCode.hasPrefix("handoff_") {
            self = .badHandoff
        } else {
            return nil
        }
    }
}
