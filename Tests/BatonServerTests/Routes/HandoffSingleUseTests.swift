import BatonCore
import Foundation
import Testing

@Suite("Handoffs of a multi-use invite", .timeLimit(.minutes(10)))
struct HandoffSingleUseTests {
    @Test("ten previews of a ten-use invite in the same second give ten handoffs, each redeemed by a different person")
    func previewsInOneSecond() throws {
        let second = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let app = try TestApp(environment: ["BATON_RATE_LIMITS": "off"], clock: { second })
        let client = try app.client()
        let invite = try app.makeInvite(maxRedemptions: 10)
        let handoffs = try (0..<10).map { _ in
            try #require(try client.get("/v1/invites/\(invite.token.text)/preview").json["handoff"] as? String)
        }
        #expect(Set(handoffs).count == 10)
        for (index, handoff) in handoffs.enumerated() {
            let response = try client.post("/v1/redemptions", json: ["handoff": handoff, "redeemer_id": "person-\(index)"])
            #expect(response.status == 201, "person-\(index): \(response.errorCode ?? "")")
        }
        let again = try client.post("/v1/redemptions", json: ["handoff": handoffs[0], "redeemer_id": "person-x"])
        #expect(again.status == 409 && again.errorCode == "handoff_already_used")
    }
}
