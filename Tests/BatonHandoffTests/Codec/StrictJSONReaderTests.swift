import Testing

@testable import BatonHandoff

@Suite("strict flat JSON reader", .timeLimit(.minutes(10)))
struct StrictJSONReaderTests {
    static let accepted: [(String, HandoffFields)] = [
        ("{}", HandoffFields()),
        (
            #" { "a" : -12 , "b":true,"c":null,"d":false } "#,
            HandoffFields(["a": .integer(-12), "b": .bool(true), "c": .null, "d": .bool(false)])
        ),
        (#"{"s":"\"\\\/\b\f\n\r\t\u00e9\ud83c\udfe1"}"#, HandoffFields(["s": .string("\"\\/\u{8}\u{c}\n\r\té🏡")])),
        (#"{"max":999999999999999,"zero":0}"#, HandoffFields(["max": .integer(999_999_999_999_999), "zero": .integer(0)])),
    ]

    static let refused = [
        "", "[]", "{", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1}x", "{\"a\":1,\"a\":1}", "{\"a\":[1]}", "{\"a\":{}}",
        "{\"a\":01}", "{\"a\":1.0}", "{\"a\":1e3}", "{\"a\":1000000000000000}", "{\"a\":-}", "{\"a\":tru}",
        "{\"a\":\"\\x\"}", "{\"a\":\"\\udc00\"}", "{\"a\":\"\\ud800x\"}", "{\"a\":\"\u{1}\"}", "{a:1}", "{\"a\":'b'}",
        "\u{FEFF}{}", "{\"a\":\"b}",
    ]

    @Test("well-formed flat objects are read with every JSON escape", arguments: accepted)
    func readsFlatObjects(_ json: String, _ expected: HandoffFields) throws {
        #expect(try StrictJSONReader.object(from: Array(json.utf8)) == expected)
    }

    @Test("anything a lenient reader would let through is handoff_malformed", arguments: refused)
    func refusesLenientInput(_ json: String) {
        #expect(throws: HandoffError.self) { try StrictJSONReader.object(from: Array(json.utf8)) }
    }

    @Test(
        "invalid UTF-8 inside a string is refused",
        arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] as [[UInt8]])
    func refusesInvalidUTF8(_ bad: [UInt8]) {
        #expect(throws: HandoffError.self) { try StrictJSONReader.object(from: Array("{\"a\":\"".utf8) + bad + Array("\"}".utf8)) }
    }

    @Test("an object with more than 64 members is refused")
    func refusesTooManyMembers() {
        let members = (0...64).map { "\"k\($0)\":1" }.joined(separator: ",")
        #expect(throws: HandoffError.self) { try StrictJSONReader.object(from: Array("{\(members)}".utf8)) }
    }

    @Test("the canonical writer's output reads back to the same fields", arguments: accepted.map(\.1))
    func writerRoundTrips(_ fields: HandoffFields) throws {
        #expect(try StrictJSONReader.object(from: CanonicalJSONWriter.bytes(of: fields)) == fields)
    }
}
