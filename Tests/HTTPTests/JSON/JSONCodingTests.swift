import BatonJSON
import Foundation
import HTTP
import Testing

@Suite("JSON coding", .timeLimit(.minutes(10)))
struct JSONCodingTests {
    struct Invite: Codable, Equatable {
        var familyName: String
        var expiresAt: Date

        enum CodingKeys: String, CodingKey {
            case familyName = "family_name", expiresAt = "expires_at"
        }
    }

    @Test("keys are snake_case and dates ISO-8601 with milliseconds")
    func encoding() throws {
        let invite = Invite(familyName: "Rossi", expiresAt: Date(timeIntervalSince1970: 1_800_000_000.25))
        let text = String(decoding: try JSONCoding.encode(invite), as: UTF8.self)
        #expect(text == #"{"expires_at":"2027-01-15T08:00:00.250Z","family_name":"Rossi"}"#)
    }

    @Test(
        "a timestamp keeps the millisecond a microsecond-precise time holds",
        arguments: [
            (267_585_298_561_000, "1978-06-25T01:14:58.561Z"), (1_780_925_569_994_000, "2026-06-08T13:32:49.994Z"),
            (1_780_925_569_994_999, "2026-06-08T13:32:49.994Z"), (951_782_400_000_000, "2000-02-29T00:00:00.000Z"),
        ])
    func timestamp(microseconds: Int, expected: String) {
        #expect(JSONCoding.timestamp(Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)) == expected)
    }

    @Test("a time outside 1970 to 9999 is written by Foundation's formatter", arguments: [-86_400.5, 253_402_300_800.0])
    func timestampOutsideArithmeticRange(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(JSONCoding.timestamp(date) == date.formatted(JSONCoding.timestampStyle))
    }

    @Test("hidden characters in strings are escaped in the output")
    func hardened() throws {
        let text = String(decoding: try JSONCoding.encode(["name": "a\u{202E}b"]), as: UTF8.self)
        #expect(text == #"{"name":"a\u202Eb"}"#)
    }

    @Test(
        "a JSON body decodes with the same configuration, with or without fractional seconds",
        arguments: [
            "2027-01-15T08:00:00.000Z", "2027-01-15T08:00:00Z",
        ])
    func decoding(date: String) throws {
        let request = Request(
            method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", "application/json")]),
            body: Data(#"{"family_name":"Rossi","expires_at":"\#(date)"}"#.utf8)
        )
        #expect(try request.decodeJSON(Invite.self) == Invite(familyName: "Rossi", expiresAt: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    @Test("a body missing a field gets invalid_request naming the field")
    func missingField() {
        let request = Request(
            method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", "application/json")]),
            body: Data(#"{"family_name":"Rossi"}"#.utf8)
        )
        #expect(throws: HTTPError.invalidRequest("The request body is not the expected JSON.", details: ["field": "expires_at"])) {
            _ = try request.decodeJSON(Invite.self)
        }
    }

    @Test("keys are matched as written: a camelCase spelling of a snake_case key is not that key")
    func keysAsWritten() {
        let request = Request(
            method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", "application/json")]),
            body: Data(#"{"familyName":"Rossi","expires_at":"2027-01-15T08:00:00Z"}"#.utf8)
        )
        #expect(throws: HTTPError.invalidRequest("The request body is not the expected JSON.", details: ["field": "family_name"])) {
            _ = try request.decodeJSON(Invite.self)
        }
    }

    @Test("a body not declared as JSON gets unsupported_media_type")
    func notJSON() {
        let request = Request(method: "POST", pathSegments: ["x"], body: Data("{}".utf8))
        #expect(throws: HTTPError.unsupportedMediaType(accepted: ["application/json"])) {
            _ = try request.decodeJSON([String: String].self)
        }
    }
}
