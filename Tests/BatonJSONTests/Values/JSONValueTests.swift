import BatonJSON
import Testing

@Suite("JSONValue", .timeLimit(.minutes(10)))
struct JSONValueTests {
    @Test("parsing is strict: a duplicate key, trailing bytes and a number a double would not keep are refused")
    func parsingIsStrict() {
        #expect(throws: JSONParser.Failure.duplicateKey(path: "a")) { try JSONValue(parsing: #"{"a":1,"a":2}"#) }
        #expect(throws: JSONParser.Failure.malformed) { try JSONValue(parsing: #"{"a":1} x"#) }
        #expect(throws: JSONParser.Failure.numberOutOfRange(path: "n")) { try JSONValue(parsing: #"{"n":12345678901234567890}"#) }
    }

    @Test("integers stay integers, other numbers become doubles, booleans stay booleans")
    func numbersAndBooleans() throws {
        let value = try JSONValue(parsing: #"{"i":-3,"d":1.5,"e":1e3,"t":true,"z":null,"s":["x"]}"#)
        #expect(value == .object(["i": .int(-3), "d": .double(1.5), "e": .double(1000), "t": .bool(true), "z": .null, "s": .array(["x"])]))
    }

    @Test("a stored object keeps numbers PostgreSQL kept past a double's exact range, instead of losing the whole object")
    func storedObjectKeepsLargeNumbers() {
        let stored = JSONValue(storedObject: #"{"big": 12345678901234567890123, "plan": "family"}"#)
        guard case .object(let members) = stored else {
            Issue.record("not an object: \(stored)")
            return
        }
        #expect(members["plan"] == .string("family"))
        #expect(members["big"] == Double("12345678901234567890123").map(JSONValue.double))
    }

    @Test("stored text that is not a JSON object reads as the empty object", arguments: ["[1]", #""x""#, "{", "", "{}"])
    func storedNonObjectIsEmpty(text: String) {
        #expect(JSONValue(storedObject: text) == .object([:]))
    }

    @Test("jsonText is compact with sorted keys, keys as written and slashes unescaped")
    func jsonText() {
        let value: JSONValue = .object(["planType": "a/b", "a": .array([1, true, .null])])
        #expect(value.jsonText() == #"{"a":[1,true,null],"planType":"a/b"}"#)
    }
}
