import BatonClient
import Foundation
import Testing

@Suite("BatonClient against a running Baton: every route it calls", .timeLimit(.minutes(10)))
struct BatonClientRouteTests {
    @Test("a backend creates an invite; the clip previews its code and validates the handoff; the app redeems it exactly once")
    func codePreviewValidateRedeem() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let invite = try await harness.createInvite()
        #expect(invite.state == .active && invite.maxRedemptions == 1 && invite.link.hasSuffix("/invite/\(invite.token)"))

        let preview = try await client.preview(invite.code.lowercased())
        #expect(preview.familyName == "The Okafor family" && preview.inviterName == "Ada")
        #expect(preview.usesLeft == 1 && preview.state == .active && preview.expiresAt > Date())

        let validation = try await client.validate(handoff: preview.handoff)
        #expect(validation.signed && validation.kind == "invite")
        #expect(validation.payload.familyName == "The Okafor family")

        let redeemer = try harness.redeemer("person-7")
        let receipt = try await client.redeem(handoff: preview.handoff, redeemer: redeemer)
        #expect(receipt.inviteId == invite.id && receipt.redeemerId == "person-7" && receipt.channel == .app)
        #expect(!receipt.replayed && receipt.usesLeft == 0)
    }

    @Test("a redemption sent again by the same redeemer answers the identical receipt, marked replayed, and redeems nothing more")
    func retriedRedemptionIsSafe() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let invite = try await harness.createInvite()
        let redeemer = try harness.redeemer("person-9")
        let first = try await client.redeem(code: invite.code, redeemer: redeemer, channel: .clip)
        let again = try await client.redeem(code: invite.code, redeemer: redeemer, channel: .clip)
        #expect(again.replayed && !first.replayed)
        #expect(again.id == first.id && again.redeemedAt == first.redeemedAt && again.usesLeft == first.usesLeft)
        #expect(try harness.baton.count("SELECT count(*) FROM baton.redemptions WHERE invite_id = $1::uuid", [invite.id]) == 1)
    }

    @Test("the clip's invocation URL resolves to a preview, and a backend redeems the link's token for a redeemer with its API key")
    func invocationAndBackendRedemption() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let invite = try await harness.createInvite(maxRedemptions: 2)
        let preview = try await client.invoke(url: invite.link)
        #expect(preview.usesLeft == 2)

        let receipt = try await client.redeem(
            token: invite.token, redeemer: .apiKey(harness.baton.adminKey, redeemerID: "backend-user-3"), channel: .backend)
        #expect(receipt.redeemerId == "backend-user-3" && receipt.channel == .backend && receipt.usesLeft == 1)
    }

    @Test("a backend reads an invite with its redemptions and revokes it; revoking again answers it unchanged")
    func readAndRevoke() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let key = harness.baton.adminKey
        let invite = try await harness.createInvite(maxRedemptions: 3)
        let receipt = try await client.redeem(code: invite.code, redeemer: try harness.redeemer("person-1"))

        let read = try await client.invite(id: invite.id, apiKey: key)
        #expect(read.state == .active && read.redemptionCount == 1 && read.usesLeft == 2)
        #expect(read.redemptions?.map(\.id) == [receipt.id])

        let revoked = try await client.revokeInvite(id: invite.id, apiKey: key)
        #expect(revoked.state == .revoked && revoked.usesLeft == 0)
        #expect(try await client.revokeInvite(id: invite.id, apiKey: key) == revoked)
    }

    @Test("an Idempotency-Key sent again with the same invite answers the first invite instead of creating a second")
    func idempotentCreate() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let draft = NewInvite(familyId: "fam-idem", familyName: "The Idem family", metadata: ["campaign": .string("winter")])
        let first = try await client.createInvite(draft, apiKey: harness.baton.adminKey, idempotencyKey: "create-fam-idem-1")
        let again = try await client.createInvite(draft, apiKey: harness.baton.adminKey, idempotencyKey: "create-fam-idem-1")
        #expect(again == first)
        #expect(try harness.baton.count("SELECT count(*) FROM baton.invites WHERE family_id = 'fam-idem'") == 1)
    }

    @Test("a credential with a slash or spaces stays one path segment: the server sees the credential, not another route")
    func credentialIsOnePathSegment() async throws {
        let harness = try ClientHarness()
        let invite = try await harness.createInvite()
        let spaced = invite.code.replacingOccurrences(of: "-", with: " ")
        #expect(try await harness.client().preview(spaced).familyName == "The Okafor family")
        #expect(
            await refusal { try await harness.client().preview("../../healthz") } == .invalidCode(reason: "credential_invalid_character"))
    }
}
