import BatonHandoff
import BatonLinks
import Foundation

/// Mints the server's handoff envelopes for previews and verifies the ones
/// the app sends back, with the configured keyring and clock.
public struct HandoffIssuer: Sendable {
    /// The keys: the current one signs, all verify.
    public let keyring: HandoffKeyring
    /// How long a minted envelope lives, capped by its invite's expiry.
    public let ttlSeconds: Int
    private let clock: @Sendable () -> Date

    /// An issuer; inject `clock` to test expiry (the golden vectors use a fixed `now`).
    public init(keyring: HandoffKeyring, ttlSeconds: Int, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.keyring = keyring
        self.ttlSeconds = ttlSeconds
        self.clock = clock
    }

    /// A MAC'd `invite` envelope for `preview`, reached through `credential`
    /// from `source` (the invocation URL or the invite link), with a random
    /// 128-bit `jti` of its own: two previews of one invite in the same
    /// second mint two envelopes, each redeemable once. An invite without an
    /// inviter name mints an envelope without `inviter_name`, so that a clip
    /// never shows the family as the inviter.
    ///
    /// - Throws: `HandoffError` only for an invite that breaks the schema,
    ///   which the invite's own validation rules out.
    public func mint(for preview: InvitePreview, credential: Credential, source: String) throws(HandoffError) -> String {
        let now = Int64(clock().timeIntervalSince1970.rounded(.down))
        let inviteExpiry = Int64(preview.expiresAt.timeIntervalSince1970.rounded(.up))
        let expiresAt = max(now + 1, min(now + Int64(ttlSeconds), inviteExpiry))
        let payload = HandoffPayload(
            credential: HandoffCredential(form: credential.kind == "token" ? .token : .code, value: credential.text),
            familyName: preview.familyName, inviterName: preview.inviterName, source: source
        )
        return try HandoffEncoder().mintInvite(
            payload, id: Sodium.hex(Sodium.randomBytes(16)), issuedAt: now, expiresAt: expiresAt, signer: keyring
        )
    }

    /// Decodes `text` on the server path: HS256 with a held key, MAC checked,
    /// expiry against this issuer's clock.
    /// - Throws: the decoder's first failed check.
    public func verify(_ text: String) throws(HandoffError) -> HandoffEnvelope {
        try HandoffDecoder(policy: .server(keyring), clock: clock).decode(text)
    }

    /// The id a redemption records for a verified envelope, which makes it
    /// single-use: its `jti` (32 hex digits) from version 2 on; for a version-1
    /// envelope, minted before `jti` existed, its MAC segment (43 base64url
    /// characters), so the two kinds of id never meet.
    public static func handoffID(of envelope: HandoffEnvelope) -> String {
        envelope.header.id ?? String(envelope.raw.split(separator: ".", omittingEmptySubsequences: false).last ?? "")
    }
}
