import BatonCore
import Testing

@Suite("keyed hashing of secrets", .timeLimit(.minutes(10)))
struct KeyedHasherTests {
    static let secret = (0..<32).map { UInt8($0) }

    @Test(
        "a token's hash is HMAC-SHA256 under the purpose's derived key, as Python's hmac module computes it",
        arguments: [
            (KeyedHasher.Purpose.linkToken, "3d4a7ef026383d2be397014daca63b9611d38eecd3da6323cb9ca20b00869e13"),
            (KeyedHasher.Purpose.inviteCode, "e6688e00d8b97a3f6aab19c70e3a78e91f2b211ac691025969f3d46802528a76"),
        ])
    func hashMatchesKnownAnswer(purpose: KeyedHasher.Purpose, expected: String) {
        let hasher = KeyedHasher(secret: Self.secret, purpose: purpose)
        #expect(Sodium.hex(hasher.hash("7M3QK9XW2HFRD6TBJ4NPVCAYGE")) == expected)
    }

    @Test("hashing with the kept keyed state equals the one-shot HMAC under the derived key, for any text")
    func hashEqualsOneShotHMAC() {
        let hasher = KeyedHasher(secret: Self.secret, purpose: .apiKey)
        let derived = Sodium.hmacSHA256(key: Self.secret, message: Array("baton/api-key".utf8))
        for text in ["", "a", "Ñandú 🏡", String(repeating: "x", count: 200), "bk_live_0123456789abcdef"] {
            #expect(hasher.hash(text) == HMACSHA256KeyTests.textbookHMAC(key: derived, message: Array(text.utf8)))
        }
    }
}
