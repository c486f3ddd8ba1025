import Foundation
import Testing

@testable import BatonCore

@Suite("Erasing a family inside a stored response", .timeLimit(.minutes(10)))
struct ErasedJSONTests {
    static let body = Data(
        #"""
        {"invites":[{"family_id":"fam","family_name":"The Does","inviter_id":"u1","inviter_name":"Jo","metadata":{"k":"v"},
        "invitee":{"hint":"j•••@doe.example","kind":"email"},"erased_at":null,"redemptions":[{"redeemer_id":"r1"}],"state":"active"},
        {"family_id":"other","family_name":"The Roes","inviter_name":"Al"}]}
        """#.utf8)

    @Test("the family ids of every object are found at any depth")
    func families() {
        #expect(ErasedJSON.familyIDs(in: Self.body) == ["fam", "other"])
        #expect(ErasedJSON.familyIDs(in: Data("not json".utf8)).isEmpty)
        #expect(ErasedJSON.familyIDs(in: Data(#"[{"family_id":"f\"q\\"},{"family_id":"f\"q\\"},{"family_id":"open"#.utf8)) == [#"f"q\"#])
    }

    @Test("only the family's objects lose names, inviter, metadata, invitee and plain redeemer ids")
    func erases() throws {
        let erased = try #require(ErasedJSON.erasing(Self.body, familyID: "fam", erasedAt: "2026-12-01T10:00:00.000Z") { "x-" + $0 })
        let text = String(decoding: erased, as: UTF8.self)
        for gone in ["The Does", "u1", "Jo", "\"v\"", "doe.example", "\"r1\""] { #expect(!text.contains(gone)) }
        #expect(text.contains("The Roes") && text.contains("\"Al\"") && text.contains("x-r1"))
        let invites = try #require((JSONSerialization.jsonObject(with: erased) as? [String: Any])?["invites"] as? [[String: Any]])
        #expect(invites[0]["family_name"] as? String == FamilyEraser.erasedFamilyName)
        #expect(invites[0]["erased_at"] as? String == "2026-12-01T10:00:00.000Z")
        #expect(invites[0]["invitee"] is NSNull && invites[0]["inviter_id"] is NSNull)
        #expect(invites[0]["state"] as? String == "active")
    }
}
