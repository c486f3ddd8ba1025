import BatonHandoff
import CSodium

/// The server's handoff keys: HMAC-SHA256 (libsodium) signing with the
/// current key and verifying with every key still held, so keys rotate
/// without invalidating envelopes already in App Groups.
///
/// Rotation: add the new key, make it current, keep the old one until the
/// longest-lived envelope it signed has expired, then drop it.
public struct HandoffKeyring: HandoffSigner, HandoffVerifier {
    /// Why a keyring could not be built; nothing secret in its text.
    public enum ConfigurationError: Error, Equatable, Sendable {
        /// A key is not exactly 32 bytes.
        case wrongKeyLength(keyID: String)
        /// A key id is not 1–64 of `[A-Za-z0-9._-]`.
        case invalidKeyID
        /// The current key id names no key in the ring.
        case unknownCurrentKey
        /// libsodium could not initialise.
        case sodiumUnavailable

        /// The stable machine code.
        public var code: String {
            switch self {
            case .wrongKeyLength: "handoff_key_wrong_length"
            case .invalidKeyID: "handoff_key_id_invalid"
            case .unknownCurrentKey: "handoff_key_current_unknown"
            case .sodiumUnavailable: "sodium_unavailable"
            }
        }
    }

    /// The length of every key, in bytes.
    public static let keyLength = Int(crypto_auth_hmacsha256_KEYBYTES)

    /// Keyed states, computed once: every MAC starts from a copy.
    private let keys: [String: HMACSHA256Key]
    private let signingKey: HMACSHA256Key
    /// The key id new envelopes are signed with.
    public let signingKeyID: String

    /// A keyring holding `keys` (key id → 32-byte secret), signing with `currentKeyID`.
    ///
    /// - Throws: ``ConfigurationError`` for a key that is not 32 bytes, an
    ///   ill-formed key id, or a current key id that is not in `keys`.
    public init(keys: [String: [UInt8]], currentKeyID: String) throws(ConfigurationError) {
        guard Sodium.initialise() else { throw .sodiumUnavailable }
        for (keyID, secret) in keys {
            guard Self.isWellFormed(keyID) else { throw .invalidKeyID }
            guard secret.count == Self.keyLength else { throw .wrongKeyLength(keyID: keyID) }
        }
        let keyedStates = keys.mapValues(HMACSHA256Key.init)
        guard let signingKey = keyedStates[currentKeyID] else { throw .unknownCurrentKey }
        self.keys = keyedStates
        self.signingKey = signingKey
        self.signingKeyID = currentKeyID
    }

    /// Every key id held, sorted: the current one and the ones still accepted.
    public var keyIDs: [String] { keys.keys.sorted() }

    /// HMAC-SHA256 of `signingInput` under the current key.
    public func signature(for signingInput: [UInt8]) -> [UInt8] {
        signingKey.authenticate(signingInput)
    }

    /// Whether `keyID` is held.
    public func hasKey(_ keyID: String) -> Bool {
        keys[keyID] != nil
    }

    /// Whether `signature` is the MAC of `signingInput` under `keyID`, compared in constant time.
    public func isValidSignature(_ signature: [UInt8], for signingInput: [UInt8], keyID: String) -> Bool {
        guard let key = keys[keyID], signature.count == Int(crypto_auth_hmacsha256_BYTES) else { return false }
        return Sodium.constantTimeEqual(key.authenticate(signingInput), signature)
    }

    private static func isWellFormed(_ keyID: String) -> Bool {
        (1...64).contains(keyID.utf8.count)
            && keyID.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
