import BatonJSON
import Foundation
import HTTP
import Testing

/// What `decodeStringMembers` must agree with: the `Decodable` form of the
/// same shape, read by `decodeJSON` (a redemption's body before it had a
/// reader of its own).
private struct Reference: Decodable, Equatable {
    var handoff: String?
    var token: String?
    var code: String?
    var channel: String?
    var redeemerID: String?
    var invitee: Person?

    struct Person: Decodable, Equatable {
        var email: String?
        var phone: String?
        var subject: String?
    }

    private enum CodingKeys: String, CodingKey {
        case handoff, token, code, channel, redeemerID = "redeemer_id", invitee
    }
}

@Suite("Bodies of string members", .timeLimit(.minutes(10)))
struct StringMembersTests {
    private static let shape = JSONStringShape(
        strings: ["handoff", "token", "code", "channel", "redeemer_id"],
        objects: [("invitee", JSONStringShape(strings: ["email", "phone", "subject"]))])

    private static let notExpected = "The request body is not the expected JSON."

    private func request(_ body: Data, contentType: String = "application/json") -> Request {
        Request(method: "POST", pathSegments: ["x"], headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }

    private func members(_ json: String) throws(HTTPError) -> JSONStringMembers {
        try request(Data(json.utf8)).decodeStringMembers(Self.shape)
    }

    private func error(_ json: String) -> HTTPError? {
        do throws(HTTPError) {
            _ = try members(json)
            return nil
        } catch {
            return error
        }
    }

    /// Both readers' answers to `body`: the value (as the reference type) or the error.
    private func outcomes(_ body: Data) -> (reader: Result<Reference, HTTPError>, decoder: Result<Reference, HTTPError>) {
        let request = request(body)
        let reader = Result { () throws(HTTPError) in
            let read = try request.decodeStringMembers(Self.shape)
            let person = read.object("invitee").map { Reference.Person(email: $0["email"], phone: $0["phone"], subject: $0["subject"]) }
            return Reference(
                handoff: read["handoff"], token: read["token"], code: read["code"], channel: read["channel"],
                redeemerID: read["redeemer_id"], invitee: person)
        }
        return (reader, Result { () throws(HTTPError) in try request.decodeJSON(Reference.self) })
    }

    /// Bodies of every kind the cases below name, and the seeds of the mutations.
    private static let bodies: [String] = [
        #"{"token":"t","channel":"app","redeemer_id":"u-1"}"#,
        #" { "code" : "ABCD-EFGH" , "invitee" : { "email" : "a@b.c" , "phone" : null } } "#,
        #"{"handoff":"h.e.y","token":null,"invitee":null}"#,
        #"{"token":"t","invitee":{}}"#, "{}", "[]", "null", #""token""#, "1e400", "[1e400]",
        #"{"token":"t","token":"u"}"#, #"{"invitee":{"email":"a","email":"b"}}"#, #"{"x":{"k":1,"k":2},"token":"t"}"#,
        #"{"token":1}"#, #"{"token":true}"#, #"{"token":["t"]}"#, #"{"invitee":"a@b.c"}"#, #"{"invitee":[]}"#,
        #"{"invitee":{"email":5}}"#, #"{"invitee":{"email":5},"token":5}"#, #"{"channel":{},"token":[]}"#,
        #"{"token":"t","tokn":"u"}"#, #"{"zz":1,"invitee":{"mail":"a"}}"#, #"{"invitee":{"mail":"a"},"zz":1}"#,
        #"{"zz":"x","token":5}"#, #"{"zz":1e400,"token":5}"#, #"{"token":5,"zz":1e400}"#, #"{"token":12345678901234567890}"#,
        #"{"tok\u0065n":"t\u00e9\ud83d\ude00\n\"\\\/"}"#, #"{"token":"\ud800"}"#, #"{"token":"\x"}"#, "{\"token\":\"\u{01}\"}",
        #"{"token":"t"}x"#, #"{"token":"t",}"#, #"{"token" "t"}"#, #"{"token":nul}"#, #"{"token":nulls}"#, "",
        #"{"invitee":{"email":"a"}"#, #"{"zz":[[[[{"a":[1,2,{"b":null}]}]]]],"token":"t"}"#,
        "{\"zz\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
        "{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k7":0}"#,
    ]

    @Test("every sample body is read or refused exactly as the Decodable form of its shape is")
    func agreesWithDecoder() {
        for body in Self.bodies {
            let (reader, decoder) = outcomes(Data(body.utf8))
            #expect(reader == decoder, "\(body)")
        }
    }

    @Test("every prefix and every one-byte change of the samples is read or refused as the decoder does")
    func mutationsAgree() {
        let replacements = Array(#"{}[]",:\ "nx1e-.u"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var compared = 0
        for body in Self.bodies.prefix(24) {
            let bytes = Array(body.utf8)
            for end in 0..<bytes.count {
                let (reader, decoder) = outcomes(Data(bytes[..<end]))
                #expect(reader == decoder, "prefix \(end) of \(body)")
                compared += 1
            }
            for position in bytes.indices {
                for byte in replacements where byte != bytes[position] {
                    var changed = bytes
                    changed[position] = byte
                    let (reader, decoder) = outcomes(Data(changed))
                    #expect(reader == decoder, "byte \(position) = \(byte) in \(body)")
                    compared += 1
                }
            }
        }
        #expect(compared > 10_000)
    }

    @Test("a body of known members is read, escapes decoded, null and absent both nil")
    func knownMembers() throws {
        let read = try members(#"{"tok\u0065n":"caf\u00e9 \ud83d\ude00 \"q\"","code":null,"invitee":{"email":"a@b.c"}}"#)
        #expect(read["token"] == "café 😀 \"q\"")
        #expect(read["code"] == nil)
        #expect(read["handoff"] == nil)
        #expect(read.object("invitee")?["email"] == "a@b.c")
        #expect(read.object("invitee")?["phone"] == nil)
    }

    @Test(
        "a duplicate key gets 422 duplicate_field, even after an unknown or mistyped member",
        arguments: [
            (#"{"token":"a","token":"b"}"#, "token"), (#"{"invitee":{"email":"a","email":"b"}}"#, "invitee.email"),
            (#"{"zz":1,"token":5,"zz":2}"#, "zz"), (#"{"zz":{"k":1,"k":2}}"#, "zz.k"),
        ])
    func duplicateKey(_ json: String, field: String) {
        #expect(error(json) == .duplicateField(field))
    }

    @Test(
        "a member of another type gets 400 invalid_request naming the first in declaration order",
        arguments: [
            (#"{"token":1}"#, "token"), (#"{"channel":true,"token":{}}"#, "token"), (#"{"invitee":"x","code":[]}"#, "code"),
            (#"{"invitee":{"subject":1,"email":2}}"#, "invitee.email"), (#"{"invitee":[],"zz":1}"#, "invitee"),
        ])
    func wrongType(_ json: String, field: String) {
        #expect(error(json) == .invalidRequest(Self.notExpected, details: ["field": .string(field)]))
    }

    @Test("a document that is not an object gets 400 invalid_request naming no field", arguments: ["[]", "null", #""t""#, "1"])
    func notAnObject(_ json: String) {
        #expect(error(json) == .invalidRequest(Self.notExpected))
    }

    @Test(
        "an unknown member gets 422 unknown_field naming the first in document order, at any depth",
        arguments: [
            (#"{"token":"t","tokn":"u"}"#, "tokn"), (#"{"invitee":{"mail":"a"},"zz":1}"#, "invitee.mail"),
            (#"{"zz":{"mail":"a"},"invitee":{"mail":"a"}}"#, "zz"),
        ])
    func unknownMember(_ json: String, field: String) {
        #expect(error(json) == .unknownField(field))
    }

    @Test(
        "a number no double keeps gets 422 number_out_of_range wherever it is",
        arguments: [
            (#"{"token":1e400}"#, "token"), (#"{"zz":[9007199254740992]}"#, "zz.0"), (#"{"invitee":{"email":-1e-400}}"#, "invitee.email"),
        ])
    func hugeNumber(_ json: String, field: String) {
        #expect(error(json) == .numberOutOfRange(field))
    }

    @Test(
        "truncated or malformed input gets 400 invalid_request naming no field",
        arguments: [
            "", "{", #"{"token""#, #"{"token":"t"#, #"{"token":"t""#, #"{"token":"t",}"#, #"{"token":"t"} x"#, #"{"token":"\ud800"}"#,
        ])
    func malformed(_ json: String) {
        #expect(error(json) == .invalidRequest(Self.notExpected))
    }

    @Test("a body not declared as JSON gets 415 before it is read")
    func mediaType() {
        #expect(throws: HTTPError.unsupportedMediaType(accepted: [MediaType.json])) {
            _ = try request(Data("{}".utf8), contentType: "text/plain").decodeStringMembers(Self.shape)
        }
    }
}
