import Testing

@testable import BatonJSON

@Suite("canonical JSON text", .timeLimit(.minutes(10)))
struct JSONTextWriterTests {
    static let values: [JSONValue] = [
        .null, true, false, 0, -9_007_199_254_740_991, 0.1, 1e-7, -2.5e300, "",
        "quote \" backslash \\ slash / tab \t nul \u{0} unit \u{1F} DEL \u{7F} é 🏡 \u{202E}",
        .array([1, "a", .null, .array([])]),
        .object(["b": 1, "a": .object(["z": .array([true]), "y": "x"]), "é": 2, "Z": 3]),
    ]

    @Test("every value reads back through the strict parser unchanged", arguments: values)
    func roundTrips(_ value: JSONValue) throws {
        let text = value.jsonText()
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test("keys come in byte-wise order, with no whitespace and only the escapes JSON requires")
    func isCanonical() {
        let value: JSONValue = .object(["b": "\u{1}\n", "a": .object(["é": 1, "Z": 2, "a/b": "c/d"]), "B": .null])
        #expect(value.jsonText() == #"{"B":null,"a":{"Z":2,"a/b":"c/d","é":1},"b":"\u0001\u000a"}"#)
    }

    @Test("a non-finite double, which JSON cannot hold, is written as null")
    func nonFiniteIsNull() {
        #expect(JSONValue.array([.double(.infinity), .double(.nan)]).jsonText() == "[null,null]")
    }
}
