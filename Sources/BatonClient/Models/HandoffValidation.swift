import Foundation

/// What `validate(handoff:)` answers: the envelope as the server decoded
/// and checked it (MAC under a key it holds, expiry, payload).
public struct HandoffValidation: Codable, Equatable, Sendable {
    /// The envelope's fields the server read.
    public struct Payload: Codable, Equatable, Sendable {
        /// The invite credential the envelope carries.
        public let credential: String
        /// `token` or `code`.
        public let credentialType: String
        /// The inviting family, when the envelope names it.
        public let familyName: String?
        /// The inviting person, when the envelope names one.
        public let inviterName: String?
        /// Where the envelope came from, such as `preview`.
        public let source: String?
    }

    /// The envelope's schema version.
    public let version: Int
    /// `invite` (server-minted) or `typed_code`.
    public let kind: String
    /// The envelope's algorithm, such as `HS256`.
    public let algorithm: String
    /// The signing key's id, when the envelope names one.
    public let keyId: String?
    /// The envelope's id (absent before version 2).
    public let jti: String?
    /// Whether the server checked a MAC under one of its keys.
    public let signed: Bool
    /// `verified` (its MAC checked), `unverified` or `device_minted`.
    public let authenticity: String
    /// When it was minted.
    public let issuedAt: Date
    /// When it stops being accepted.
    public let expiresAt: Date
    /// What it says.
    public let payload: Payload
}
