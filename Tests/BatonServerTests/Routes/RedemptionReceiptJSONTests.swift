import Foundation
import HTTP
import Testing

@testable import BatonCore
@testable import BatonServer

@Suite("The hand-written redemption receipt")
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
}
