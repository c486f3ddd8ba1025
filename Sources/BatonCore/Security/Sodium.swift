import CSodium

/// The few libsodium primitives Baton needs, behind one initialisation.
///
/// libsodium must be initialised once before use; `sodium_init` is safe to
/// call repeatedly and from several threads, so every entry point calls it.
public enum Sodium {
    /// SHA-256 of `bytes`.
    public static func sha256(_ bytes: some Collection<UInt8>) -> [UInt8] {
        initialise()
        let input = Array(bytes)
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256(&digest, input, UInt64(input.count))
        return digest
    }

    /// HMAC-SHA256 of `message` under `key` (any length).
    public static func hmacSHA256(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        initialise()
        let input = Array(message)
        var state = crypto_auth_hmacsha256_state()
        var mac = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        _ = crypto_auth_hmacsha256_update(&state, input, UInt64(input.count))
        _ = crypto_auth_hmacsha256_final(&state, &mac)
        return mac
    }

    /// Whether `a` and `b` are equal, in time that depends only on their length.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        initialise()
        guard a.count == b.count else { return false }
        return a.isEmpty || sodium_memcmp(a, b, a.count) == 0
    }

    /// `count` bytes from the system CSPRNG.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        initialise()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    private static func initialise() {
        _ = sodium_init()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
