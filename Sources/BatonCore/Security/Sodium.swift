import CSodium

/// The few libsodium primitives Baton needs, behind one initialisation.
///
/// libsodium must be initialised once before use; every entry point calls
/// ``initialise()``, which runs `sodium_init` once per process (it takes a
/// lock on every call, and constant-time comparison runs per request).
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
    /// For a key that MACs many messages, keep an ``HMACSHA256Key`` instead:
    /// this hashes the key's pad blocks again on every call.
    public static func hmacSHA256(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        HMACSHA256Key(key).authenticate(message)
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

    /// Lower-case hex of `bytes`, written byte-wise: a handoff's `jti` is
    /// made with it on every preview.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The bytes that `hex` spells (either case), or nil when it is not an
    /// even number of hex digits.
    public static func bytes(fromHex hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard !digits.isEmpty, digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Initialises libsodium once; every entry point that calls into it
    /// calls this first. False when libsodium could not initialise (no
    /// usable randomness source), which key holders report as a typed error.
    @discardableResult
    static func initialise() -> Bool {
        isInitialised
    }

    private static let isInitialised: Bool = sodium_init() >= 0
}
