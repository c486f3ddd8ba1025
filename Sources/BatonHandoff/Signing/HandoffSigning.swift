/// Computes envelope MACs for the server. The library never does HMAC
/// itself (it must build for iOS without C modules); BatonCore's
/// `HandoffKeyring` implements this with libsodium.
public protocol HandoffSigner: Sendable {
    /// The key id new envelopes are signed with (written into `kid`).
    var signingKeyID: String { get }
    /// HMAC-SHA256 of `signingInput` (ASCII `header.payload`) under the signing key.
    func signature(for signingInput: [UInt8]) -> [UInt8]
}

/// Checks envelope MACs on the server. Implementations compare in constant time.
public protocol HandoffVerifier: Sendable {
    /// Whether a key with id `keyID` is held (current or still accepted after rotation).
    func hasKey(_ keyID: String) -> Bool
    /// Whether `signature` is the HMAC-SHA256 of `signingInput` under key `keyID`.
    func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool
}
