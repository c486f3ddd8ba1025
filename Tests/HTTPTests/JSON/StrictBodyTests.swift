import Foundation
import HTTP
import Testing

/// A request type as a route declares one: snake_case keys spelled out.
private struct Draft: Decodable, Equatable {
    var familyID: String?
    var ttlSeconds: Int?
    var maxRedemptions: Int?
    var metadata: [String: Loose]?

    private enum CodingKeys: String, CodingKey {
        case familyID = "family_id", ttlSeconds = "ttl_seconds", maxRedemptions = "max_redemptions", metadata
    }
}

/// A batch of drafts, to check nested objects.
private struct Batch: Decodable {
    var invites: [Draft]
}

/// Any JSON, as metadata is read.
private enum Loose: Decodable, Equatable {
    case number(Double), text(String), list([Loose]), object([String: Loose]), flag(Bool), null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .flag(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .text(value)
        } else if let value = try? container.decode([Loose].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: Loose].self))
        }
    }
}

@Suite("Strict request bodies", .timeLimit(.minutes(10)))
struct StrictBodyTests {
    private func request(_ json: String) -> Request {
        Request(method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", "application/json")]), body: Data(json.utf8))
    }

    @Test("a body of known fields decodes, metadata of any shape included")
    func knownFields() throws {
        let draft = try request(#"{"family_id":"f","ttl_seconds":60,"metadata":{"a":[1,"x",{"b":null}],"c":true}}"#).decodeJSON(Draft.self)
        #expect(draft.familyID == "f")
        #expect(draft.ttlSeconds == 60)
        #expect(draft.metadata?["a"] == .list([.number(1), .text("x"), .object(["b": .null])]))
    }

    @Test(
        "a misspelt field gets 422 unknown_field naming it, at any depth",
        arguments: [
            (#"{"family_id":"f","tll_seconds":60}"#, "tll_seconds"),
            (#"{"max_redemption":5}"#, "max_redemption"),
            (#"{"familyId":"f"}"#, "familyId"),
        ])
    func unknownField(_ json: String, field: String) {
        #expect(throws: HTTPError.unknownField(field)) { _ = try request(json).decodeJSON(Draft.self) }
    }

    @Test("an unknown field inside a batch item is named with its item")
    func unknownNestedField() {
        let json = #"{"invites":[{"family_id":"a"},{"family_id":"b","max_redemption":5}]}"#
        #expect(throws: HTTPError.unknownField("invites.1.max_redemption")) { _ = try request(json).decodeJSON(Batch.self) }
    }

    @Test(
        "a duplicate key gets 422 duplicate_field, at the top or nested",
        arguments: [
            (#"{"family_id":"a","family_id":"b"}"#, "family_id"),
            (#"{"metadata":{"k":1,"k":2}}"#, "metadata.k"),
        ])
    func duplicateKey(_ json: String, field: String) {
        #expect(throws: HTTPError.duplicateField(field)) { _ = try request(json).decodeJSON(Draft.self) }
    }

    @Test("a duplicate key among many members is found too")
    func duplicateAmongMany() {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(throws: HTTPError.duplicateField("metadata.k7")) {
            _ = try request(#"{"metadata":{\#(members),"k7":0}}"#).decodeJSON(Draft.self)
        }
    }

    @Test(
        "numbers a double would not keep as written get 422 number_out_of_range",
        arguments: ["9007199254740992", "-9007199254740992", "12345678901234567890", "0.1234567890123456", "1e400", "1e-400"])
    func numberOutOfRange(_ number: String) {
        #expect(throws: HTTPError.numberOutOfRange("metadata.n")) {
            _ = try request(#"{"metadata":{"n":\#(number)}}"#).decodeJSON(Draft.self)
        }
    }

    @Test(
        "numbers a double keeps are accepted", arguments: ["9007199254740991", "-9007199254740991", "0.1", "1.5e300", "0", "0.000", "-0"])
    func numberInRange(_ number: String) throws {
        let draft = try request(#"{"metadata":{"n":\#(number)}}"#).decodeJSON(Draft.self)
        #expect(draft.metadata?["n"] == .number(Double(number)!))
    }

    @Test(
        "malformed JSON gets 400 invalid_request",
        arguments: [
            "", "{", #"{"a":1}x"#, #"{"a":01}"#, #"{"a":1.}"#, #"{'a':1}"#, "{\"a\":\"\u{01}\"}", #"{"a":"\ud800"}"#, #"{"a":tru}"#,
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ])
    func malformed(_ json: String) {
        #expect(throws: HTTPError.invalidRequest("The request body is not the expected JSON.")) {
            _ = try request(json).decodeJSON([String: Loose].self)
        }
    }

    @Test("invalid UTF-8 inside a string is refused, escapes are decoded")
    func strings() throws {
        let invalid = Request(
            method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", "application/json")]),
            body: Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D]))
        #expect(throws: HTTPError.invalidRequest("The request body is not the expected JSON.")) {
            _ = try invalid.decodeJSON([String: String].self)
        }
        let escaped = try request(#"{"a":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/"}"#).decodeJSON([String: String].self)
        #expect(escaped["a"] == "café 😀 \"q\" \\ /")
    }

    @Test("a wrong type still names its field with 400 invalid_request")
    func typeMismatch() {
        #expect(throws: HTTPError.invalidRequest("The request body is not the expected JSON.", details: ["field": "invites.0.ttl_seconds"]))
        {
            _ = try request(#"{"invites":[{"ttl_seconds":"60"}]}"#).decodeJSON(Batch.self)
        }
    }
}
