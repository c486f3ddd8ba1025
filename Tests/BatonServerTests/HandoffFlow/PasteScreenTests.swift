import BatonLinks
import Foundation
import Testing

@testable import HandoffFlow

@Suite("the app's paste screen, as PasteInviteController draws it", .timeLimit(.minutes(10)))
struct PasteScreenTests {
    static let limits = InvocationLimits(allowedHosts: [TestApp.publicHost])

    @Test("a pasted message with an invite link offers to join its family, naming the inviter; Join redeems it once")
    func pasteThenJoin() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let app = try harness.app()
        #expect(PasteScreen.asking.joinable == nil)

        let previewed = await app.pasteScreen(afterPasting: "Ada: join us! \(invite.link) 🙂", limits: Self.limits)
        #expect(previewed.status == "Join The Okafor family, invited by Ada?")
        let credential = try #require(previewed.joinable)
        #expect(credential.kind == "token")

        let joined = await app.pasteScreen(joining: credential, redeemerToken: try harness.redeemerToken())
        #expect(joined == PasteScreen(status: "You joined the family \(invite.familyId).", joinable: nil))
        #expect(try harness.baton.count("SELECT count(*) FROM baton.redemptions") == 1)
    }

    @Test("text without an invite says so before any request, and offers no Join")
    func nothingFound() async throws {
        let harness = try FlowHarness()
        let screen = await (try harness.app()).pasteScreen(afterPasting: "see you at dinner", limits: Self.limits)
        #expect(screen == PasteScreen(status: FlowError.invalidPaste(.noCredential).message, joinable: nil))
    }

    @Test("a refused Join says why and keeps Join, since the same person may safely try again")
    func refusedJoinKeepsJoin() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let app = try harness.app()
        let credential = try #require(await app.pasteScreen(afterPasting: invite.code, limits: Self.limits).joinable)
        _ = try await harness.client().revokeInvite(id: invite.id, apiKey: harness.baton.adminKey)
        let refused = await app.pasteScreen(joining: credential, redeemerToken: try harness.redeemerToken())
        #expect(refused == PasteScreen(status: FlowError.baton(.inviteRevoked).message, joinable: credential))
    }
}
