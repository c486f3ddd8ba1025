/// Secrets for tests that pass settings: random bytes written down once, so
/// that they pass the strength rules every secret setting has
/// (`SecretStrength`, docs/operations.md, "Secrets"). Test values only.
public enum TestSecrets {
    /// A `BATON_SECRET_KEY`, as hex.
    public static let secretKeyHex = "e8dc4577c436887ade38d85715d37a4786b4eda6c50c4e5170d1bfdcdfc0979e"
    /// ``secretKeyHex`` as bytes: what stores made with the same secret take.
    public static var secretKey: [UInt8] {
        stride(from: 0, to: secretKeyHex.count, by: 2).map { offset in
            let start = secretKeyHex.index(secretKeyHex.startIndex, offsetBy: offset)
            return UInt8(secretKeyHex[start..<secretKeyHex.index(start, offsetBy: 2)], radix: 16)!
        }
    }
    /// Another 32-byte secret (a redeemer JWT secret, a second handoff key), as hex.
    public static let otherHex = "c606a0dfcbba3b0012b01439ca536e24d64cf6c7fc74158f96cd4cbfc109c864"
    /// A third one, for a key that must differ from both.
    public static let thirdHex = "a2386f8363f256ca3b36415aede29e6341c99ebe88aecf79676bd16f984b321f"
}
