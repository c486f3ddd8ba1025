import BatonCore
import BatonHandoff
import Testing

@Suite("handoff keyring (BatonCore, libsodium)", .timeLimit(.minutes(10)))
struct HandoffKeyringTests {
    let input = Array("eyJhbGciOiJIUzI1NiJ9.e30".utf8)

    @Test("the MAC is HMAC-SHA256 under the current key, as Python's hmac module computes it")
    func macMatchesKnownAnswer() {
        let mac = TestKeys.keyring.signature(for: input)
        #expect(mac == TestKeys.bytes(hex: "f35e8af0815173c276625649113d199a41f9b20dbfc0591b7ab152a40eaaab60"))
        #expect(TestKeys.keyring.signingKeyID == "k2")
    }

    @Test("a MAC verifies under its own key id and no other")
    func macVerifiesOnlyUnderItsKey() {
        let mac = TestKeys.keyring.signature(for: input)
        #expect(TestKeys.keyring.isValidSignature(mac, for: input, keyID: "k2"))
        #expect(!TestKeys.keyring.isValidSignature(mac, for: input, keyID: "k1"))
        #expect(!TestKeys.keyring.isValidSignature(mac, for: input, keyID: "k9"))
        #expect(!TestKeys.keyring.isValidSignature(mac, for: input + [0x20], keyID: "k2"))
        #expect(!TestKeys.keyring.isValidSignature(Array(mac.dropLast()), for: input, keyID: "k2"))
    }

    @Test("after rotation, envelopes signed with the previous key still verify")
    func rotationKeepsOldEnvelopesValid() throws {
        let old = try HandoffEncoder().mintInvite(
            GoldenVectorFactory.invite, id: TestKeys.handoffID, issuedAt: TestKeys.now, expiresAt: TestKeys.now + 60,
            signer: TestKeys.previousKeyring
        )
        let decoded = try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(old)
        #expect(decoded.header.keyID == "k1")
        #expect(TestKeys.keyring.keyIDs == ["k1", "k2"])
    }

    @Test("a keyring refuses short keys, ill-formed key ids and a current key it does not hold")
    func keyringRefusesBadConfiguration() {
        #expect(throws: HandoffKeyring.ConfigurationError.wrongKeyLength(keyID: "k1")) {
            try HandoffKeyring(keys: ["k1": [1, 2, 3]], currentKeyID: "k1")
        }
        #expect(throws: HandoffKeyring.ConfigurationError.invalidKeyID) {
            try HandoffKeyring(keys: ["k 1": [UInt8](repeating: 1, count: 32)], currentKeyID: "k 1")
        }
        #expect(throws: HandoffKeyring.ConfigurationError.unknownCurrentKey) {
            try HandoffKeyring(keys: ["k1": [UInt8](repeating: 1, count: 32)], currentKeyID: "k2")
        }
    }
}
