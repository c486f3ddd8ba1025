import BatonLinks

/// A newly stored invite with the code and token that were hashed into it:
/// the only moment their plaintext exists.
public struct CreatedInvite: Sendable {
    /// The stored invite.
    public var invite: Invite
    /// Its typed code (show ``InviteCode/displayText``).
    public var code: InviteCode
    /// Its link token.
    public var token: LinkToken
}
