import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore

@Suite("Webhook JSON", .timeLimit(.minutes(10)))
struct WebhookJSONTests {
    /// A body as PostgreSQL prints `jsonb`: its own key order, spaces after `:` and `,`.
    static let printed = #"""
        {"id": "0fb4717e-30b3-46ec-89c8-8541ea277951", "data": {"channel": "app", "metadata": {"seats": 5, "plan": "family", "tags": ["a", {"z": 1, "b": null}]}, "invite_id": "7a62dbab", "uses_left": 1.50, "family_id": "fam-9"}, "type": "invite.redeemed", "created_at": "2026-12-01T10:49:43.675Z"}
        """#

    @Test("jsonb text comes out compact with every object's keys in byte order, strings and numbers as written")
    func canonicalForm() throws {
        let json = try #require(WebhookJSON(Self.printed.utf8))
        let expected = #"""
            {"created_at":"2026-12-01T10:49:43.675Z","data":{"channel":"app","family_id":"fam-9","invite_id":"7a62dbab","metadata":{"plan":"family","seats":5,"tags":["a",{"b":null,"z":1}]},"uses_left":1.50},"id":"0fb4717e-30b3-46ec-89c8-8541ea277951","type":"invite.redeemed"}
            """#
        #expect(String(decoding: json.bytes, as: UTF8.self) == expected)
        #expect(WebhookJSON(json.bytes) == json, "the canonical form is its own canonical form")
    }

    @Test("for plain keys and values the bytes are those JSONSerialization writes with sorted keys, as before")
    func sameBytesAsJSONSerialization() throws {
        let printed =
            #"{"id": "e-1", "data": {"redeemer_id": "u_1", "invite_id": "i/1", "family_id": "f-1"}, "type": "invite.redeemed", "created_at": "2026-12-01T10:49:43.675Z"}"#
        let object = try JSONSerialization.jsonObject(with: Data(printed.utf8))
        let foundation = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(try #require(WebhookJSON(printed.utf8)).bytes == Array(foundation))
    }

    @Test("a key comes before the longer keys it starts, even those going on with a space or a '!', as JSONSerialization orders them")
    func prefixKeysComeFirst() throws {
        let printed = #"{"a": 3, "a b": 2, "a!": 1, "a#": 0}"#
        let json = try #require(WebhookJSON(printed.utf8))
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"a":3,"a b":2,"a!":1,"a#":0}"#)
        #expect(json.member("a").map(Array.init) == Array("3".utf8) && json.member("a b").map(Array.init) == Array("2".utf8))
        let object = try JSONSerialization.jsonObject(with: Data(printed.utf8))
        let foundation = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(json.bytes == Array(foundation))
    }

    @Test("a key with an escape sorts by its bytes as written: the backslash, not the character it stands for")
    func escapedKeysSortAsWritten() throws {
        let json = try #require(WebhookJSON(#"{"a\"": 1, "a#": 2, "a\\": 3, "a]": 4}"#.utf8))
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"a#":2,"a\"":1,"a\\":3,"a]":4}"#)
    }

    @Test("an event body printed by PostgreSQL reads back its id and type, and escaped strings stay escaped")
    func membersFromPostgres() throws {
        let db = try MigratedDatabase()
        let text: String = try db.connection.query(
            """
            SELECT baton.webhook_body('0fb4717e-30b3-46ec-89c8-8541ea277951', 'invite.redeemed', now(),
                                      jsonb_build_object('note', E'a "quote"\\n\\u00e9', 'n', 12.50), 'ads', NULL)::text
            """)[0].decode(at: 0)
        let json = try #require(WebhookJSON(text.utf8))
        #expect(json.string("id") == "0fb4717e-30b3-46ec-89c8-8541ea277951")
        #expect(json.string("type") == "invite.redeemed")
        #expect(json.string("data") == nil && json.member("missing") == nil)
        let data = try #require(json.member("data"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"n":12.50,"note":"a \"quote\"\né","source":"ads"}"#)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
        #expect((parsed["data"] as? [String: Any])?["note"] as? String == "a \"quote\"\né")
    }

    @Test(
        "text that is not one JSON value, or nests too deep, is refused",
        arguments: [
            "", "{", #"{"a" 1}"#, #"{"a": 1,}"#, "[1 2]", #"{"a": tru}"#, "{} {}", "nul", #""unterminated"#, "1x",
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
        ])
    func refusesWhatIsNotJSON(text: String) {
        #expect(WebhookJSON(text.utf8) == nil)
    }

    @Test(
        "a number outside the grammar, or a string with a bad escape or a raw control character, is refused",
        arguments: ["01", "-", "1.", "1-2", "1e5e5", ".5", "+1", #"[1, 2.]"#, #"{"a": 00}"#, #""\x""#, #"{"k": "\ud800"}"#, "\"a\u{1}\""])
    func refusesWhatOnlyLooksLikeJSON(text: String) {
        #expect(WebhookJSON(text.utf8) == nil)
    }

    @Test("scalars, empty containers and the deepest allowed nesting are kept")
    func acceptsEdges() throws {
        #expect(try #require(WebhookJSON(" { } ".utf8)).bytes == Array("{}".utf8))
        #expect(try #require(WebhookJSON("[ ]".utf8)).bytes == Array("[]".utf8))
        #expect(try #require(WebhookJSON("-1.5e+3".utf8)).bytes == Array("-1.5e+3".utf8))
        #expect(try #require(WebhookJSON("[true, false, null]".utf8)).bytes == Array("[true,false,null]".utf8))
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(WebhookJSON(deep.utf8)?.bytes == Array(deep.utf8))
    }
}
