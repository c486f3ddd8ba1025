import BatonHandoff
import BatonLinks
import Foundation
import Testing

@testable import HandoffFlow

@Suite("the paths a real user hits in the example's clip and app", .timeLimit(.minutes(10)))
struct UserPathTests {
    @Test("a clip reopened from the App Switcher has no URL: it says so and stores nothing")
    func launchWithoutURL() async throws {
        let harness = try FlowHarness()
        await #expect(throws: FlowError.noInvocation) { try await harness.clip().open(invocationURL: nil) }
        #expect(try harness.storeIsEmpty())
    }

    @Test(
        "an app whose clip never ran finds the invite in a pasted message, previews it and redeems it once",
        arguments: ["link", "code"])
    func pastedInvite(form: String) async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let app = try harness.app()
        let token = try harness.redeemerToken()
        guard case .nothingWaiting = try await app.redeemPendingInvite(redeemerToken: token) else {
            Issue.record("a handoff was waiting though no clip ran")
            return
        }
        let limits = InvocationLimits(allowedHosts: [TestApp.publicHost])
        let message =
            form == "link"
            ? "Ada: join us! \(invite.link)?utm_source=messages&utm_medium=share 🙂"
            : "Ada: join us with the code \(invite.code), see you soon."
        let (credential, preview) = try await app.previewPasted(message, limits: limits)
        #expect(credential.kind == (form == "link" ? "token" : "code"))
        #expect(preview.familyName == "The Okafor family" && preview.inviterName == "Ada")
        let receipt = try await app.redeem(credential, redeemerToken: token)
        #expect(receipt.familyId == invite.familyId)
        let replay = try await app.redeem(credential, redeemerToken: token)
        #expect(replay.id == receipt.id && !receipt.replayed && replay.replayed, "a retry by the same person replays the receipt")
        await #expect(throws: FlowError.invalidPaste(.noCredential)) {
            try await app.previewPasted("see you at dinner", limits: limits)
        }
    }

    @Test("an expired invite is refused in the clip with invite_expired and nothing is stored")
    func expiredInvite() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        _ = try harness.baton.withConnection {
            try $0.query(
                """
                UPDATE baton.invites SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second'
                WHERE id = $1::uuid
                """, [invite.id])
        }
        let clip = try harness.clip()
        do throws(FlowError) {
            _ = try await clip.open(invocationURL: invite.link)
            Issue.record("the clip stored an expired invite")
        } catch {
            #expect(error.code == "invite_expired")
            #expect(error.message.contains("expired"))
        }
        #expect(try harness.storeIsEmpty())
    }

    @Test("a handoff written by a newer clip is forwarded unread and fails loudly with handoff_unsupported_version")
    func handoffFromNewerClip() async throws {
        let harness = try FlowHarness()
        let now = Int64(Date().timeIntervalSince1970)
        let header = HandoffHeader(algorithm: .none, keyID: nil, kind: .typedCode, version: 4, issuedAt: now, expiresAt: now + 600)
        let fromNewerClip = try HandoffEncoder().mint(
            header: header, payloadFields: HandoffFields(["credential": .string("ABCDEFGHJK"), "hint": .string("v4")]), signer: nil
        )
        guard case .newer = try harness.container().handoffStore().write(fromNewerClip) else {
            Issue.record("the store did not keep the newer handoff for forwarding")
            return
        }
        let app = try harness.app()
        let token = try harness.redeemerToken()
        do throws(FlowError) {
            _ = try await app.redeemPendingInvite(redeemerToken: token)
            Issue.record("a handoff of an unknown version was redeemed")
        } catch {
            #expect(error == .baton(.handoffUnsupportedVersion(found: 4, supported: [1, 2, 3])))
            #expect(error.code == "handoff_unsupported_version")
            #expect(error.message.contains("newer App Clip"))
        }
        #expect(try harness.storeIsEmpty())
        #expect(try harness.baton.count("SELECT count(*) FROM baton.redemptions") == 0)
    }

    @Test("App Group ids differing only in case fail loudly in the app, and baton doctor names app_group_case_mismatch")
    func appGroupCaseMismatch() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let clipGroup = FlowHarness.appGroup
        let appGroup = "group.com.example.Family"
        _ = try await harness.clip(appGroup: clipGroup).open(invocationURL: invite.link)

        await #expect(throws: FlowError.appGroupCaseMismatch(clip: clipGroup, app: appGroup)) {
            try await harness.app(appGroup: appGroup).redeemPendingInvite(redeemerToken: try harness.redeemerToken())
        }
        let report = try Doctor().examine(
            appEntitlements: Self.entitlements(appGroup: appGroup), clipEntitlements: Self.entitlements(appGroup: clipGroup)
        )
        #expect(report.findings.contains { $0.code == "app_group_case_mismatch" && $0.severity == .error })
        #expect(report.exitCode == 1)
        #expect(try !harness.storeIsEmpty(clipGroup))
    }

    @Test("the app's first launch without any clip finds nothing to redeem")
    func firstLaunchWithoutClip() async throws {
        let harness = try FlowHarness()
        guard case .nothingWaiting = try await harness.app().redeemPendingInvite(redeemerToken: try harness.redeemerToken()) else {
            Issue.record("the app found a handoff nobody wrote")
            return
        }
    }

    @Test("once installed over the clip, the app opens the invite link itself and redeems it without a handoff")
    func appInstalledOverClip() async throws {
        let harness = try FlowHarness()
        let invite = try await harness.createInvite()
        let limits = InvocationLimits(allowedHosts: [TestApp.publicHost])
        let receipt = try await harness.app().redeem(invocationURL: invite.link, limits: limits, redeemerToken: try harness.redeemerToken())
        #expect(receipt.inviteId == invite.id)
        #expect(try harness.storeIsEmpty())
    }

    private static func entitlements(appGroup: String) throws -> Data {
        try PropertyListSerialization.data(
            fromPropertyList: ["com.apple.security.application-groups": [appGroup]], format: .xml, options: 0
        )
    }
}
