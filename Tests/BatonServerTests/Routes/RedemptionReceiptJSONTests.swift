import BatonJSON
import Foundation
import HTTP
import Testing

@testable import BatonCore
@testable import BatonServer

@Suite("The hand-written redemption receipt", .timeLimit(.minutes(10)))
struct RedemptionReceiptJSONTests {
    @Test(
        "gives exactly JSONCoding's bytes of the receipt",
        arguments: [
            ("family-1", "The Okafor family", "user-42"), ("fam/\"x\"", "Familie Müller 👪", "tab\tuser"),
            ("\u{0008}", "bidi \u{202E}evil", "零\u{007F}"),
        ])
    func matchesEncoder(familyID: String, familyName: String, redeemerID: String) throws {
        let receipt = RedemptionReceipt(
            id: UUID(), inviteID: UUID(), familyID: familyID, familyName: familyName, redeemerID: redeemerID, channel: .clip,
            redeemedAt: Date(timeIntervalSince1970: 1_796_000_000.5), usesLeft: 2
        )
        #expect(String(decoding: receipt.json(), as: UTF8.self) == String(decoding: try JSONCoding.encode(receipt), as: UTF8.self))
    }

    @Test(
        "with the invite's context (metadata, inviter, source, campaign) it still gives JSONCoding's bytes",
        arguments: [#"{"plan": "pro", "seats": 3, "nested": {"b": [true, null, 1.5]}}"#, "{}"])
    func contextMatchesEncoder(metadata: String) throws {
        let receipt = RedemptionReceipt(
            id: UUID(), inviteID: UUID(), familyID: "f", familyName: "F", redeemerID: "r", channel: .app,
            redeemedAt: Date(timeIntervalSince1970: 1_796_000_000.5), usesLeft: 0, metadata: metadata, inviterID: "u\"1",
            inviterName: "Ann 👩", attribution: Attribution(source: "share_sheet", campaign: nil)
        )
        let hand = receipt.json()
        #expect(String(decoding: hand, as: UTF8.self) == String(decoding: try JSONCoding.encode(receipt), as: UTF8.self))
        let decoded = try #require(JSONSerialization.jsonObject(with: hand) as? [String: Any])
        #expect(decoded["campaign"] is NSNull && decoded["source"] as? String == "share_sheet" && decoded["metadata"] is [String: Any])
    }
}
