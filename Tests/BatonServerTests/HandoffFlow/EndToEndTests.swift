import BatonLinks
import Foundation
import Journey
import Testing

@testable import HandoffFlow

@Suite("the App Clip and app example, end to end against Baton and its worker", .timeLimit(.minutes(10)))
struct EndToEndTests {
    /// How the person reaches the invite in the clip.
    enum Entry: String, CaseIterable, Sendable {
        case link, typedCode
    }

    @Test(
        "clip then app redeems exactly once, the backend gets a signed webhook, the store ends empty, the funnel reads issued → previewed → redeemed",
        arguments: Entry.allCases)
    func wholeFlow(entry: Entry) async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let clip = try harness.clip()

        let preview =
            entry == .link
            ? try await clip.open(invocationURL: invite.link)
            : try await clip.open(typedCode: invite.code.lowercased())
        #expect(preview.familyName == "The Okafor family")

        let first = try await harness.app().redeemPendingInvite(redeemerToken: try harness.redeemerToken("person-7"))
        guard case .redeemed(let receipt, _) = first else {
            Issue.record("the first launch redeemed nothing")
            return
        }
        #expect(receipt.inviteId == invite.id && receipt.redeemerId == "person-7" && receipt.channel == .app)
        guard case .nothingWaiting = try await harness.app().redeemPendingInvite(redeemerToken: try harness.redeemerToken("person-7"))
        else {
            Issue.record("a second launch found a handoff again")
            return
        }

        #expect(try harness.baton.count("SELECT count(*) FROM baton.redemptions WHERE invite_id = $1::uuid", [invite.id]) == 1)
        #expect(try harness.storeIsEmpty())
        let deliveries = try await harness.receiver.waitForDeliveries(1)
        #expect(deliveries.count == 1)
        #expect(deliveries.first?.signatureIsValid == true)
        #expect(deliveries.first?.eventType == "invite.redeemed")
        #expect((deliveries.first?.json["data"] as? [String: Any])?["redemption_id"] as? String == receipt.id)
        #expect(try harness.baton.funnel(familyID: invite.familyId) == FunnelCounts(issued: 1, previewed: 1, redeemed: 1))
    }

    @Test("a code typed while Baton is unreachable is kept on the device and redeemed by the app later")
    func offlineTypedCode() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let deadServer = try harness.clip(client: harness.client(port: 1))

        let preview = try await deadServer.open(typedCode: invite.code)
        #expect(preview.familyName == nil)
        guard case .redeemed(let receipt, _) = try await harness.app().redeemPendingInvite(redeemerToken: try harness.redeemerToken())
        else {
            Issue.record("the app did not redeem the kept code")
            return
        }
        #expect(receipt.inviteId == invite.id)
        #expect(try harness.storeIsEmpty())
        #expect(try harness.baton.funnel(familyID: invite.familyId) == FunnelCounts(issued: 1, previewed: 0, redeemed: 1))
    }
}
