import BatonCore
import Testing

@Suite("SealingKey", .timeLimit(.minutes(10)))
struct SealingKeyTests {
    let key = SealingKey(secret: Sodium.randomBytes(32), purpose: .idempotentResponse)
    let plaintext = Array(#"{"code":"ABCDE-FGHJK"}"#.utf8)

    @Test("a sealed box opens with its key and associated data, and hides the plaintext")
    func roundTrip() throws {
        let box = key.seal(plaintext, associatedData: [1, 2])
        #expect(box.count == plaintext.count + SealingKey.overhead)
        #expect(key.open(box, associatedData: [1, 2]) == plaintext)
        #expect(!Sodium.hex(box).contains(Sodium.hex(plaintext)))
        #expect(key.seal(plaintext, associatedData: [1, 2]) != box)
    }

    @Test("a box does not open with other associated data, another key, a flipped bit or too few bytes")
    func refusals() {
        let box = key.seal(plaintext, associatedData: [1, 2])
        #expect(key.open(box, associatedData: [1, 3]) == nil)
        #expect(SealingKey(secret: Sodium.randomBytes(32), purpose: .idempotentResponse).open(box, associatedData: [1, 2]) == nil)
        var flipped = box
        flipped[flipped.count - 1] ^= 1
        #expect(key.open(flipped, associatedData: [1, 2]) == nil)
        #expect(key.open(Array(box.prefix(SealingKey.overhead - 1)), associatedData: [1, 2]) == nil)
        #expect(key.open(key.seal([], associatedData: []), associatedData: []) == [])
    }
}
