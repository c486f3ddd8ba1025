/// Hashes secrets (codes, link tokens, API keys), and personal data kept only
/// to be compared (an invite's invitee, an erased redeemer id), with
/// HMAC-SHA256 under a key derived from the server secret, so the database
/// holds nothing that can be replayed or brute-forced without that secret.
///
/// Each purpose gets its own derived key, so a hash of one kind of secret can
/// never be mistaken for another kind's.
public struct KeyedHasher: Sendable {
    /// What the hashed secrets are.
    public enum Purpose: String, Sendable {
        case apiKey = "api-key"
        case inviteCode = "invite-code"
        case linkToken = "link-token"
        case invitee
        case erasedRedeemer = "erased-redeemer"
        case adminSession = "admin-session"
        case adminFormToken = "admin-form-token"
    }

    private let key: HMACSHA256Key

    /// A hasher for `purpose` under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8], purpose: Purpose) {
        self.key = HMACSHA256Key(Sodium.hmacSHA256(key: secret, message: Array("baton/\(purpose.rawValue)".utf8)))
    }

    /// The 32-byte keyed hash of `text`'s UTF-8 bytes.
    public func hash(_ text: String) -> [UInt8] {
        key.authenticate(utf8: text)
    }
}
