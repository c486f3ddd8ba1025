import BatonLinks

/// A newly stored invite with the code and token that were hashed into it:
/// the only moment their plaintext exists.
public struct CreatedInvite: Sendable {
    public var invite: Invite
    public var code: InviteCode
    public var token: LinkToken
}
