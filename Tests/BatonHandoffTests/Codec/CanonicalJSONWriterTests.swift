import BatonJSON
import Testing

@testable import BatonHandoff

@Suite("canonical JSON writer", .timeLimit(.minutes(10)))
struct CanonicalJSONWriterTests {
    @Test("fields are written sorted, with only the escapes JSON requires and the literals spelt out")
    func fieldsHavePinnedBytes() {
        let fields = HandoffFields([
            "text": .string("a\u{01}\u{1F}\"\\/é🏡"), "n": .int(-9_007_199_254_740_991), "yes": .bool(true), "no": .bool(false),
            "nothing": .null, "\u{7}key": .string(""),
        ])
        #expect(
            String(decoding: CanonicalJSONWriter.bytes(of: fields), as: UTF8.self)
                == #"{"\u0007key":"","n":-9007199254740991,"no":false,"nothing":null,"text":"a\u0001\u001f\"\\/é🏡","yes":true}"#)
    }

    @Test(
        "an integer member is spelt as Swift's decimal description",
        arguments: [
            0, 7, 10, 99, -1, -10, 1_800_000_000, Int64.max, Int64.min, Int64.min + 1,
        ] as [Int64])
    func integersAreDecimal(_ number: Int64) {
        var writer = CanonicalJSONWriter(capacity: 0)
        writer.open()
        writer.member("a", number)
        writer.member("b", .int(Int(number)))
        writer.close()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":\#(number),"b":\#(number)}"#)
    }

    @Test(
        "a header's members written directly are the bytes of its fields written canonically",
        arguments: [
            HandoffHeader(algorithm: .hs256, keyID: "k2", kind: .invite, version: 1, issuedAt: 0, expiresAt: 1),
            HandoffHeader(
                algorithm: .none, keyID: nil, kind: .typedCode, version: 7, issuedAt: 1_800_000_000, expiresAt: Int64(Int32.max) * 4),
        ])
    func directHeaderMatchesFields(_ header: HandoffHeader) {
        var writer = CanonicalJSONWriter(capacity: 0)
        writer.open()
        header.writeMembers(to: &writer)
        writer.close()
        #expect(writer.bytes == CanonicalJSONWriter.bytes(of: header.fields))
    }
}
