import BatonJSON
import Foundation
import Testing

@Suite("JSON object writer", .timeLimit(.minutes(10)))
struct JSONObjectWriterTests {
    /// The same members through `JSONCoding.encode` (snake_case keys, sorted).
    private struct Encoded: Encodable {
        let createdAt: Date
        let count: Int
        let name: String
    }

    @Test(
        "gives JSONCoding's exact bytes for plain, escaped, hidden and non-Latin strings",
        arguments: [
            "The Okafor family", "https://baton.example/a/b", "Say \"hi\" \\ back", "tab\there\nline\r",
            "\u{0008}\u{000C}\u{0001}\u{001F}", "bidi \u{202E}evil\u{200B}", "Familie Müller 👪", "零\u{007F}", "",
        ])
    func matchesEncoder(name: String) throws {
        let date = Date(timeIntervalSince1970: 1_796_000_000.125)
        var object = JSONObjectWriter()
        object.add("count", -42)
        object.add("created_at", date)
        object.add("name", name)
        let encoded = try JSONCoding.encode(Encoded(createdAt: date, count: -42, name: name))
        let data = object.data()
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
    }

    @Test(
        "grows past the room it reserved, and writes extreme integers and dates outside 1970 to 9999 as JSONCoding does",
        arguments: [
            (Int.min, -86_400.5), (Int.max, 253_402_300_800.0), (0, 1_796_000_000.125),
        ])
    func growsAndMatchesEncoder(count: Int, seconds: TimeInterval) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let name = String(repeating: "a long family name ", count: 20)
        var object = JSONObjectWriter(capacity: 1)
        object.add("count", count)
        object.add("created_at", date)
        object.add("name", name)
        let data = object.data()
        #expect(data == (try JSONCoding.encode(Encoded(createdAt: date, count: count, name: name))))
    }

    @Test(
        "a UUID is written as uuidString lower-cased, bytes pinned",
        arguments: [
            "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "0123ABCD-4567-89EF-FEDC-BA9876543210",
            UUID().uuidString,
        ])
    func uuid(text: String) throws {
        let uuid = try #require(UUID(uuidString: text))
        var object = JSONObjectWriter()
        object.add("id", uuid)
        #expect(String(decoding: object.data(), as: UTF8.self) == #"{"id":""# + text.lowercased() + #""}"#)
    }

    @Test("a nil string is null, and members are separated by commas")
    func null() {
        var object = JSONObjectWriter()
        object.add("a", nil as String?)
        object.add("b", 1)
        let data = object.data()
        #expect(data == Data(#"{"a":null,"b":1}"#.utf8))
    }

    @Test("an object without members is {}")
    func empty() {
        #expect(JSONObjectWriter().data() == Data("{}".utf8))
    }
}
