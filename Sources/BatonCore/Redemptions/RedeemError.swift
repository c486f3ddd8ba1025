import BatonHandoff
import BatonLinks

/// Why an invite could not be previewed or redeemed. Each case has a stable
/// wire ``code``; messages hold no credential and no input text.
public enum RedeemError: Error, Equatable, Sendable {
    /// No invite has this token or code.
    case notFound
    /// The invite is past its expiry, as the database's clock sees it.
    case expired
    /// The invite was revoked.
    case revoked
    /// Every use of the invite is taken.
    case usedUp
    /// The code or link was replaced by a reissue of its invite.
    case reissued
    /// This server-minted handoff was already redeemed by another redeemer.
    case handoffAlreadyUsed
    /// The credential is malformed, or a code failed its check character;
    /// answered without a database lookup.
    case invalidCredential(CredentialError)
    /// The handoff envelope was refused by the decoder.
    case handoff(HandoffError)

    /// The stable machine code (`error.code`).
    public var code: String {
        switch self {
        case .notFound: "invite_not_found"
        case .expired: "invite_expired"
        case .revoked: "invite_revoked"
        case .usedUp: "invite_used_up"
        case .reissued: "invite_reissued"
        case .handoffAlreadyUsed: "handoff_already_used"
        case .invalidCredential: "invalid_code"
        case .handoff(let error): error.code
        }
    }

    /// A sentence for people.
    public var message: String {
        switch self {
        case .notFound: "No invite has this token or code."
        case .expired: "The invite has expired."
        case .revoked: "The invite was revoked."
        case .usedUp: "The invite has been used as often as it allows."
        case .reissued: "This code or link was replaced by a newer one; ask for the new invite."
        case .handoffAlreadyUsed: "This handoff was already used by someone else."
        case .invalidCredential(let error): "The invite code is not valid: \(error.message)."
        case .handoff(let error): error.message
        }
    }
}

extension RedeemError: CustomStringConvertible {
    /// Code and message; safe to log.
    public var description: String { "\(code): \(message)" }
}
