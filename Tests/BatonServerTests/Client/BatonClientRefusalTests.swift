import BatonClient
import BatonHandoff
import Foundation
import Testing

@Suite("BatonClient against a running Baton: each refusal arrives as its typed case")
struct BatonClientRefusalTests {
    @Test("an unknown, malformed, expired, revoked or used-up invite is refused with its own case")
    func inviteRefusals() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        #expect(await refusal { try await client.preview(try RateLimitRoutesTests.unusedCode(harness.baton)) } == .inviteNotFound)
        #expect(await refusal { try await client.preview("ABCDE-FGHJQ") } == .invalidCode(reason: "code_check_failed"))

        let expired = try await harness.createInvite()
        try harness.expire(expired)
        #expect(await refusal { try await client.preview(expired.code) } == .inviteExpired)

        let revoked = try await harness.createInvite()
        _ = try await client.revokeInvite(id: revoked.id, apiKey: harness.baton.adminKey)
        #expect(await refusal { try await client.invoke(url: revoked.link) } == .inviteRevoked)

        let used = try await harness.createInvite()
        _ = try await client.redeem(code: used.code, redeemer: try harness.redeemer("first"))
        #expect(await refusal { try await client.redeem(code: used.code, redeemer: try harness.redeemer("second")) } == .inviteUsedUp)
        #expect(await refusal { try await client.preview(used.code) } == .inviteUsedUp)
    }

    @Test("a handoff spent by one redeemer is handoff_already_used for another, though the invite has uses left")
    func handoffAlreadyUsed() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let invite = try await harness.createInvite(maxRedemptions: 2)
        let handoff = try await client.preview(invite.code).handoff
        _ = try await client.redeem(handoff: handoff, redeemer: try harness.redeemer("first"))
        #expect(
            await refusal { try await client.redeem(handoff: handoff, redeemer: try harness.redeemer("second")) } == .handoffAlreadyUsed)
    }

    @Test("a foreign invocation URL is invalid_invocation with the validator's reason")
    func invalidInvocation() async throws {
        let harness = try ClientHarness()
        #expect(
            await refusal { try await harness.client().invoke(url: "https://evil.example/invite/7K9M2P4Q8R1S3T6V0W5X7Y9Z2A") }
                == .invalidInvocation(reason: "host_not_allowed"))
    }

    @Test("malformed, tampered, oversized and newer-version handoffs are refused with their handoff_* case")
    func handoffRefusals() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        #expect(await refusal { try await client.validate(handoff: "not-an-envelope") } == .handoffMalformed)

        let handoff = try await client.preview(try await harness.createInvite().code).handoff
        let tampered = String(handoff.dropLast()) + (handoff.hasSuffix("A") ? "B" : "A")
        #expect(await refusal { try await client.validate(handoff: tampered) } == .handoffBadSignature)
        #expect(await refusal { try await client.validate(handoff: String(repeating: "a", count: 65_600)) } == .handoffTooLarge)

        let now = Int64(Date().timeIntervalSince1970)
        let header = HandoffHeader(algorithm: .none, keyID: nil, kind: .typedCode, version: 3, issuedAt: now, expiresAt: now + 600)
        let newer = try HandoffEncoder().mint(
            header: header, payloadFields: HandoffFields(["credential": .string("ABCDEFGHJK")]), signer: nil)
        #expect(
            await refusal { try await client.redeem(handoff: newer, redeemer: try harness.redeemer()) }
                == .handoffUnsupportedVersion(found: 3, supported: [1, 2]))
    }

    @Test("a bad API key, a key without the scope and a refused redeemer JWT are told apart")
    func authenticationRefusals() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let draft = NewInvite(familyId: "fam-auth", familyName: "The Auth family")
        #expect(await refusal { try await client.createInvite(draft, apiKey: "baton_not_a_key") } == .invalidApiKey)
        let reader = try harness.baton.makeKey([.invitesRead])
        #expect(await refusal { try await client.createInvite(draft, apiKey: reader) } == .insufficientScope(required: "invites:write"))
        let invite = try await harness.createInvite()
        #expect(
            await refusal { try await client.redeem(code: invite.code, redeemer: .token("not.a.jwt")) }
                == .invalidToken(reason: "malformed"))
    }

    @Test("a field out of bounds, a body too large, a malformed or reused Idempotency-Key are refused before anything is created")
    func requestRefusals() async throws {
        let harness = try ClientHarness()
        let client = harness.client()
        let key = harness.baton.adminKey
        #expect(
            await refusal { try await client.createInvite(NewInvite(familyId: "fam-v", familyName: ""), apiKey: key) }
                == .validationFailed(field: "family_name"))
        let huge = NewInvite(familyId: "fam-v", familyName: "Big", metadata: ["blob": .string(String(repeating: "x", count: 20_000))])
        #expect(await refusal { try await client.createInvite(huge, apiKey: key) } == .requestTooLarge)
        let draft = NewInvite(familyId: "fam-v", familyName: "The V family")
        let longKey = String(repeating: "k", count: 256)
        #expect(await refusal { try await client.createInvite(draft, apiKey: key, idempotencyKey: longKey) } == .invalidIdempotencyKey)
        _ = try await client.createInvite(draft, apiKey: key, idempotencyKey: "reused-1")
        let other = NewInvite(familyId: "fam-v", familyName: "Another family")
        #expect(await refusal { try await client.createInvite(other, apiKey: key, idempotencyKey: "reused-1") } == .idempotencyKeyReused)
        #expect(try harness.baton.count("SELECT count(*) FROM baton.invites WHERE family_id = 'fam-v'") == 1)
    }

    @Test("rate limited previews carry Retry-After as rateLimited(retryAfter:)")
    func rateLimited() async throws {
        let harness = try ClientHarness(rateLimits: "code=1/min")
        let client = harness.client()
        let invite = try await harness.createInvite()
        _ = try await client.preview(invite.code)
        guard case .rateLimited(let seconds) = await refusal({ try await client.preview(invite.code) }) else {
            Issue.record("the second preview was not rate limited")
            return
        }
        #expect((1...60).contains(seconds))
    }

    @Test("a wrong base URL is not_found, a dead server a transport failure; neither is retried as a refusal")
    func wrongServer() async throws {
        let harness = try ClientHarness()
        let invite = try await harness.createInvite()
        #expect(await refusal { try await harness.client(path: "/api").preview(invite.code) } == .notFound)
        let dead = BatonClient(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 5)
        let failure = await refusal { try await dead.preview(invite.code) }
        guard case .transport = failure else {
            Issue.record("expected a transport failure, got \(String(describing: failure))")
            return
        }
        #expect(failure?.isTransient == true && failure?.code == "server_unreachable")
    }
}
