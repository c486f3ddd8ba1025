import BatonCore
import Foundation
import Testing

@testable import HandoffFlow

@Suite("the example's backend role: SHA-256, HMAC and the redeemer JWT", .timeLimit(.minutes(10)))
struct RedeemerJWTTests {
    /// FIPS 180-4 examples and RFC 4231 test cases 1, 2 and 6 (a key longer than a block).
    static let digests: [(message: String, hex: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ]
    static let macs: [(key: [UInt8], message: String, hex: String)] = [
        ([UInt8](repeating: 0x0b, count: 20), "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), "what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (
            [UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ]

    @Test("SHA-256 matches the FIPS 180-4 examples", arguments: digests)
    func sha256(message: String, hex: String) {
        #expect(Sodium.hex(SHA256.hash(Array(message.utf8))) == hex)
    }

    @Test("HMAC-SHA256 matches RFC 4231", arguments: macs)
    func hmac(key: [UInt8], message: String, hex: String) {
        #expect(Sodium.hex(HMACSHA256.mac(key: key, message: Array(message.utf8))) == hex)
    }

    @Test("a minted token verifies with Baton's own RedeemerToken and names its subject")
    func mintedTokenVerifies() throws {
        let secret = [UInt8](repeating: 0x4b, count: 32)
        let token = try RedeemerJWT(secretText: Data(secret).base64EncodedString()).mint(subject: "person-7")
        let verified = try RedeemerToken(verifying: token, secret: secret, now: Int64(Date().timeIntervalSince1970))
        #expect(verified.subject == "person-7")
    }

    @Test(
        "a secret that is short or neither hex nor base64 is redeemer_secret_invalid",
        arguments: ["", "abcd", String(repeating: "00", count: 31), String(repeating: "!", count: 64)])
    func badSecret(text: String) {
        #expect(throws: FlowError.redeemerSecretInvalid) { try RedeemerJWT(secretText: text) }
    }
}
