import Testing

@testable import BatonHandoff

@Suite("the envelope's flat JSON objects", .timeLimit(.minutes(10)))
struct HandoffFieldsParsingTests {
    static let accepted: [(String, HandoffFields)] = [
        ("{}", HandoffFields()),
        (
            #" { "a" : -12 , "b":true,"c":null,"d":false } "#,
            HandoffFields(["a": .int(-12), "b": .bool(true), "c": .null, "d": .bool(false)])
        ),
        (#"{"s":"\"\\\/\b\f\n\r\t\u00e9\ud83c\udfe1"}"#, HandoffFields(["s": .string("\"\\/\u{8}\u{c}\n\r\té🏡")])),
        (
            #"{"max":9007199254740991,"min":-9007199254740991,"zero":0}"#,
            HandoffFields(["max": .int(9_007_199_254_740_991), "min": .int(-9_007_199_254_740_991), "zero": .int(0)])
        ),
    ]

    static let refused = [
        "", "[]", "{", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1}x", "{\"a\":1,\"a\":1}", "{\"a\":[1]}", "{\"a\":{}}",
        "{\"a\":01}", "{\"a\":1.0}", "{\"a\":1e3}", "{\"a\":9007199254740992}", "{\"a\":-}", "{\"a\":tru}",
        "{\"a\":\"\\x\"}", "{\"a\":\"\\udc00\"}", "{\"a\":\"\\ud800x\"}", "{\"a\":\"\u{1}\"}", "{a:1}", "{\"a\":'b'}",
        "\u{FEFF}{}", "{\"a\":\"b}",
    ]

    @Test("well-formed flat objects are read with every JSON escape", arguments: accepted)
    func readsFlatObjects(_ json: String, _ expected: HandoffFields) throws {
        #expect(try HandoffFields(parsing: Array(json.utf8)) == expected)
    }

    @Test("anything a lenient reader would let through is handoff_malformed", arguments: refused)
    func refusesLenientInput(_ json: String) {
        #expect(throws: HandoffError.self) { try HandoffFields(parsing: Array(json.utf8)) }
    }

    @Test(
        "invalid UTF-8 inside a string is refused",
        arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] as [[UInt8]])
    func refusesInvalidUTF8(_ bad: [UInt8]) {
        #expect(throws: HandoffError.self) { try HandoffFields(parsing: Array("{\"a\":\"".utf8) + bad + Array("\"}".utf8)) }
    }

    @Test("an object with more than 64 members is refused")
    func refusesTooManyMembers() {
        let members = (0...64).map { "\"k\($0)\":1" }.joined(separator: ",")
        #expect(throws: HandoffError.self) { try HandoffFields(parsing: Array("{\(members)}".utf8)) }
    }

    @Test("the canonical writer's output reads back to the same fields", arguments: accepted.map(\.1))
    func writerRoundTrips(_ fields: HandoffFields) throws {
        #expect(try HandoffFields(parsing: CanonicalJSONWriter.bytes(of: fields)) == fields)
    }

    @Test(
        "each refusal names what was wrong",
        arguments: [
            ("{\"a\":{}}", "nested JSON is not allowed"), ("{\"a\":[1]}", "nested JSON is not allowed"),
            ("{\"a\":1,\"a\":2}", "duplicate JSON key"), ("{\"a\":1.5}", "JSON number is not an integer"),
            ("{\"a\":9007199254740992}", "JSON number out of range"), ("[1]", "not a well-formed JSON object"),
            ("{\"a\":1}x", "not a well-formed JSON object"),
        ])
    func namesTheFault(_ json: String, _ reason: String) {
        #expect(throws: HandoffError.malformed(reason: reason)) { try HandoffFields(parsing: Array(json.utf8)) }
    }
}
