import BatonCore
import Testing

@Suite("HMAC-SHA256 with a precomputed keyed state", .timeLimit(.minutes(10)))
struct HMACSHA256KeyTests {
    /// An RFC 4231 test case: key, data and the full HMAC-SHA256, as hex.
    struct Vector: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let data: String
        let mac: String
        var testDescription: String { name }
    }

    /// RFC 4231 §4 test cases 1–4, 6 and 7 (case 5 checks a truncated MAC).
    static let rfc4231: [Vector] = [
        Vector(
            name: "case 1", key: String(repeating: "0b", count: 20), data: "4869205468657265",
            mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            name: "case 2", key: "4a656665", data: "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
            mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            name: "case 3", key: String(repeating: "aa", count: 20), data: String(repeating: "dd", count: 50),
            mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            name: "case 4", key: "0102030405060708090a0b0c0d0e0f10111213141516171819", data: String(repeating: "cd", count: 50),
            mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            name: "case 6", key: String(repeating: "aa", count: 131),
            data: hex("Test Using Larger Than Block-Size Key - Hash Key First"),
            mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            name: "case 7", key: String(repeating: "aa", count: 131),
            data: hex(
                "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
            ),
            mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("a precomputed key gives RFC 4231's MACs, as does the one-shot call", arguments: rfc4231)
    func macsMatchRFC4231(_ vector: Vector) {
        let key = HMACSHA256Key(Sodium.bytes(fromHex: vector.key)!)
        let data = Sodium.bytes(fromHex: vector.data)!
        #expect(Sodium.hex(key.authenticate(data)) == vector.mac)
        #expect(Sodium.hex(Sodium.hmacSHA256(key: Sodium.bytes(fromHex: vector.key)!, message: data)) == vector.mac)
    }

    @Test(
        "the keyed state gives the textbook HMAC for keys of 0-130 bytes and messages across block boundaries",
        arguments: [0, 1, 31, 32, 63, 64, 65, 130])
    func macsMatchTheDefinition(keyLength: Int) {
        let keyBytes = Sodium.randomBytes(keyLength)
        let key = HMACSHA256Key(keyBytes)
        for length in [0, 1, 26, 55, 56, 63, 64, 65, 448, 1000] {
            let message = Sodium.randomBytes(length)
            #expect(key.authenticate(message) == Self.textbookHMAC(key: keyBytes, message: message))
        }
    }

    @Test("reusing a key does not change its MACs: the stored state is copied, never advanced")
    func reuseGivesTheSameMAC() {
        let key = HMACSHA256Key(Sodium.randomBytes(32))
        let first = key.authenticate(Array("header.payload".utf8))
        _ = key.authenticate(Array("something else entirely".utf8))
        #expect(key.authenticate(Array("header.payload".utf8)) == first)
        #expect(key.authenticate(utf8: "header.payload") == first)
        #expect(key.authenticate("header.payload".utf8.lazy.map { $0 }) == first)
    }

    @Test("one key shared by many threads gives every thread the same MAC")
    func concurrentUseAgrees() async {
        let key = HMACSHA256Key(Sodium.randomBytes(32))
        let message = Array(String(repeating: "m", count: 300).utf8)
        let expected = key.authenticate(message)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<200).allSatisfy { _ in key.authenticate(message) == expected } }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    /// RFC 2104 spelled out with SHA-256 alone: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)).
    static func textbookHMAC(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? Sodium.sha256(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = Sodium.sha256(block.map { $0 ^ 0x36 } + message)
        return Sodium.sha256(block.map { $0 ^ 0x5c } + inner)
    }

    static func hex(_ text: String) -> String {
        Sodium.hex(text.utf8)
    }
}
