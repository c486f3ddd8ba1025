import CSodium

/// Seals bytes kept at rest that must be read back, such as a replayable
/// response holding fresh credentials: XChaCha20-Poly1305 (libsodium's
/// `crypto_aead_xchacha20poly1305_ietf`) under a key derived from the server
/// secret for one purpose.
///
/// A sealed box is the random 24-byte nonce followed by the ciphertext and
/// its 16-byte tag; the nonce is long enough to be drawn at random for every
/// box. The associated data binds a box to where it is stored, so a box
/// moved to another row does not open.
public struct SealingKey: Sendable {
    /// What the sealed bytes are; each purpose has its own derived key.
    public enum Purpose: String, Sendable {
        case idempotentResponse = "idempotent-response"
        case webhookSecret = "webhook-secret"
    }

    /// Bytes a sealed box adds to its plaintext: nonce and tag.
    public static let overhead = nonceLength + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    private static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)

    private let key: [UInt8]

    /// The key for `purpose` under `secret` (the `BATON_SECRET_KEY` bytes).
    public init(secret: [UInt8], purpose: Purpose) {
        key = Sodium.hmacSHA256(key: secret, message: Array("baton/seal/\(purpose.rawValue)".utf8))
    }

    /// `plaintext` sealed with a fresh random nonce, bound to `associatedData`.
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) -> [UInt8] {
        var box = Sodium.randomBytes(Self.nonceLength)
        box += [UInt8](repeating: 0, count: plaintext.count + Self.overhead - Self.nonceLength)
        box.withUnsafeMutableBufferPointer { buffer in
            let nonce = UnsafePointer(buffer.baseAddress!)
            _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                buffer.baseAddress! + Self.nonceLength, nil, plaintext, UInt64(plaintext.count),
                associatedData, UInt64(associatedData.count), nil, nonce, key
            )
        }
        return box
    }

    /// The plaintext of `box`, or nil when it is too short, was sealed under
    /// another key or other associated data, or was altered.
    public func open(_ box: [UInt8], associatedData: [UInt8]) -> [UInt8]? {
        guard box.count >= Self.overhead else { return nil }
        var plaintext = [UInt8](repeating: 0, count: box.count - Self.overhead)
        let status = box.withUnsafeBufferPointer { buffer in
            crypto_aead_xchacha20poly1305_ietf_decrypt(
                &plaintext, nil, nil, buffer.baseAddress! + Self.nonceLength, UInt64(box.count - Self.nonceLength),
                associatedData, UInt64(associatedData.count), buffer.baseAddress!, key
            )
        }
        return status == 0 ? plaintext : nil
    }
}
