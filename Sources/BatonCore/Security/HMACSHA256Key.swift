import CSodium

/// An HMAC-SHA256 key with libsodium's keyed state computed once: the SHA-256
/// states after absorbing the key's inner and outer pad blocks.
///
/// `crypto_auth_hmacsha256_init` hashes both pad blocks, which for a short
/// message is half the MAC's work; a long-lived key (the handoff signing key,
/// a keyed hasher's derived key) pays that once and copies the 208-byte state
/// per message. The stored state is never mutated, so one key serves any
/// number of threads.
public struct HMACSHA256Key: Sendable {
    /// The MAC's length in bytes.
    public static let macLength = Int(crypto_auth_hmacsha256_BYTES)

    private let keyedState: crypto_auth_hmacsha256_state

    /// The keyed state of `key` (any length; keys over 64 bytes are hashed first, as RFC 2104 says).
    public init(_ key: [UInt8]) {
        Sodium.initialise()
        var state = crypto_auth_hmacsha256_state()
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        keyedState = state
    }

    /// HMAC-SHA256 of `message` under this key.
    public func authenticate(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var state = keyedState
        _ = crypto_auth_hmacsha256_update(&state, message.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(message.count))
        // A literal, not `init(repeating:count:)` or `unsafeUninitializedCapacity`:
        // those reach the stdlib's unspecialised allocation, which looks the
        // array's type up in a locked runtime cache on every call (more than
        // the Swift side of the rest of the MAC; docs/postgres.md has the
        // figure); a literal's storage is allocated inline.
        var mac: [UInt8] = [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ]
        assert(mac.count == Self.macLength)
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }

    /// HMAC-SHA256 of `message` under this key; contiguous bytes are read in place.
    public func authenticate(_ message: some Collection<UInt8>) -> [UInt8] {
        if let mac = message.withContiguousStorageIfAvailable({ authenticate(UnsafeRawBufferPointer($0)) }) { return mac }
        return Array(message).withUnsafeBytes { authenticate($0) }
    }

    /// HMAC-SHA256 of `text`'s UTF-8 bytes under this key, read in place.
    public func authenticate(utf8 text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { authenticate(UnsafeRawBufferPointer($0)) }
    }
}
