import BatonJSON
import Testing

@Suite("JSONValue literals and members", .timeLimit(.minutes(10)))
struct JSONValueLiteralTests {
    @Test("array, object and interpolated literals build the values they spell")
    func literalsBuildValues() {
        let name = "Ada"
        let value: JSONValue = ["name": "\(name)!", "tags": ["a", 1, true, .null], "depth": ["x": 1.5]]
        #expect(
            value
                == .object([
                    "name": .string("Ada!"), "tags": .array([.string("a"), .int(1), .bool(true), .null]),
                    "depth": .object(["x": .double(1.5)]),
                ]))
        #expect(JSONValue(strings: ["clip", "app"]) == .array([.string("clip"), .string("app")]))
        #expect(value.jsonText() == #"{"depth":{"x":1.5},"name":"Ada!","tags":["a",1,true,null]}"#)
    }

    @Test("a member is read, replaced and removed on an object, and left alone on anything else")
    func memberSubscript() {
        var object: JSONValue = ["a": 1]
        object[member: "b"] = "two"
        object[member: "a"] = nil
        #expect(object == ["b": "two"])
        #expect(object[member: "b"]?.string == "two")
        var scalar: JSONValue = 3
        scalar[member: "a"] = 1
        #expect(scalar == 3 && scalar[member: "a"] == nil)
    }
}
