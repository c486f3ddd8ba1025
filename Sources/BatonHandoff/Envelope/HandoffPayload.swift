/// The payload of a schema-version-1 or -2 envelope: what the clip learnt about the
/// invite, for the full app to show and redeem.
///
/// Wire form (canonical): `{"credential":"…","credential_type":"token",
/// "family_name":"…","inviter_name":"…","source":"https://…"}`; a
/// ``HandoffKind/typedCode`` payload carries only `credential` and
/// `credential_type` (`code`); `inviter_name` is left out when the invite
/// names no inviter. Texts are at most
/// ``HandoffPayload/maxTextBytes`` UTF-8 bytes and contain no hidden
/// characters (controls, bidi overrides, zero-width spaces).
public struct HandoffPayload: Equatable, Sendable {
    /// Most UTF-8 bytes of any text field.
    public static let maxTextBytes = 16_384

    /// The invite credential to redeem.
    public var credential: HandoffCredential
    /// The inviting family's display name (kind `invite` only).
    public var familyName: String?
    /// The inviting person's display name (kind `invite` only; absent when
    /// the invite names no inviter).
    public var inviterName: String?
    /// The invocation URL the clip was opened with (kind `invite` only).
    public var source: String?

    /// A payload; ``HandoffEncoder`` validates it against its kind before minting.
    public init(credential: HandoffCredential, familyName: String? = nil, inviterName: String? = nil, source: String? = nil) {
        self.credential = credential
        self.familyName = familyName
        self.inviterName = inviterName
        self.source = source
    }
}
