import BatonClient
import BatonHandoff
import BatonJSON
import BatonTestSupport
import Foundation
import Postgres
import Testing

extension ClientProvocation {
    /// A provocation for every code the client's routes answer, each against a live Baton.
    static let all: [ClientProvocation] = invites + handoffs + callers + requests + server

    /// The codes no provocation makes, each with its reason: with ``all``,
    /// exactly the server's codes (`BatonClientRefusalTests` checks).
    static let unprovoked: [BatonError.Code: UnprovokedCode] = [
        .inviteNotActive: .otherRoutesOnly, .maxRedemptionsBelowCount: .otherRoutesOnly, .familyNotFound: .otherRoutesOnly,
        .webhookEndpointNotFound: .otherRoutesOnly, .webhookEndpointManagedByConfig: .otherRoutesOnly,
        .webhookURLNotAllowed: .otherRoutesOnly, .webhookSignatureSchemeUnknown: .otherRoutesOnly,
        .eventNotFound: .otherRoutesOnly, .invalidCursor: .otherRoutesOnly, .invalidParameter: .otherRoutesOnly,
        .invalidRange: .otherRoutesOnly, .rangeTooLarge: .otherRoutesOnly, .invalidGroupBy: .otherRoutesOnly,
        .invalidView: .otherRoutesOnly, .reportTooLarge: .otherRoutesOnly, .reportTimeout: .otherRoutesOnly,
        .unsupportedLocale: .clientNeverSends("BatonClient's NewInvite has no locale member yet"),
        .unknownField: .clientNeverSends("the client encodes only its models' own members"),
        .duplicateField: .clientNeverSends("JSONEncoder writes each member once"),
        .unsupportedMediaType: .clientNeverSends("every body the client sends is application/json"),
        .ambiguousFraming: .clientNeverSends("URLSession frames a body one way, never with both Content-Length and Transfer-Encoding"),
        .methodNotAllowed: .clientNeverSends("each of the client's paths is sent with its route's method; a wrong base URL is not_found"),
        .codeSpaceExhausted: .notReachableLive(
            "needs every code of the configured length taken; InviteStoreTests draws colliding codes instead"),
    ]

    /// The invite and its credential.
    static let invites: [ClientProvocation] = [
        .init(.inviteNotFound, "a code no invite has", exactly: .inviteNotFound) { harness in
            let code = try RateLimitRoutesTests.unusedCode(harness.baton)
            return await refusal { try await harness.client().preview(code) }
        },
        .init(.inviteExpired, "the code of an invite past its expiry", exactly: .inviteExpired) { harness in
            let expired = try await harness.createInvite()
            try harness.expire(expired)
            return await refusal { try await harness.client().preview(expired.code) }
        },
        .init(.inviteRevoked, "the link of a revoked invite", exactly: .inviteRevoked) { harness in
            let revoked = try await harness.createInvite()
            _ = try await harness.client().revokeInvite(id: revoked.id, apiKey: harness.baton.adminKey)
            return await refusal { try await harness.client().invoke(url: revoked.link) }
        },
        .init(.inviteUsedUp, "a second redeemer of a single-use code", exactly: .inviteUsedUp) { harness in
            let used = try await harness.createInvite()
            _ = try await harness.client().redeem(code: used.code, redeemer: try harness.redeemer("first"))
            #expect(await refusal { try await harness.client().preview(used.code) } == .inviteUsedUp)
            return await refusal { try await harness.client().redeem(code: used.code, redeemer: try harness.redeemer("second")) }
        },
        .init(.handoffAlreadyUsed, "a handoff spent by another redeemer, though uses are left", exactly: .handoffAlreadyUsed) {
            harness in
            let handoff = try await harness.client().preview(try await harness.createInvite(maxRedemptions: 2).code).handoff
            _ = try await harness.client().redeem(handoff: handoff, redeemer: try harness.redeemer("first"))
            return await refusal { try await harness.client().redeem(handoff: handoff, redeemer: try harness.redeemer("second")) }
        },
        .init(.inviteReissued, "the old code and its handoff after a reissue", exactly: .inviteReissued) { harness in
            let invite = try await harness.createInvite()
            let handoff = try await harness.client().preview(invite.code).handoff
            let reissue = try harness.baton.client().send("POST", "/v1/invites/\(invite.id)/reissue")
            #expect(reissue.status == 200)
            #expect(
                await refusal { try await harness.client().redeem(handoff: handoff, redeemer: try harness.redeemer()) } == .inviteReissued)
            return await refusal { try await harness.client().preview(invite.code) }
        },
        .init(.inviteeMismatch, "an invite bound to one subject, redeemed by another", exactly: .inviteeMismatch) { harness in
            let created = try harness.baton.client().post(
                "/v1/invites", json: ["family_id": "fam-bound", "family_name": "The Bound family", "invitee": ["subject": "alice"]])
            let code = try #require(created.json["code"] as? String)
            return await refusal { try await harness.client().redeem(code: code, redeemer: try harness.redeemer("bob")) }
        },
        .init(.selfRedemption, "the inviter redeeming their own invite", exactly: .selfRedemption) { harness in
            let invite = try await harness.client().createInvite(
                NewInvite(familyId: "fam-self", familyName: "The Self family", inviterId: "person-7"), apiKey: harness.baton.adminKey)
            return await refusal { try await harness.client().redeem(code: invite.code, redeemer: try harness.redeemer("person-7")) }
        },
        .init(.invalidRedeemer, "a redeemer whose JWT sub ends in a zero-width space", exactly: .invalidRedeemer(field: "sub")) { harness in
            let invite = try await harness.createInvite()
            return await refusal {
                try await harness.client().redeem(code: invite.code, redeemer: try harness.redeemer("person-7\u{200B}"))
            }
        },
        .init(.invalidCode, "a code whose check character is wrong", exactly: .invalidCode(reason: "code_check_failed")) { harness in
            await refusal { try await harness.client().preview("ABCDE-FGHJQ") }
        },
        .init(.invalidInvocation, "an invocation URL on a foreign host", exactly: .invalidInvocation(reason: "host_not_allowed")) {
            harness in
            await refusal { try await harness.client().invoke(url: "https://evil.example/invite/7K9M2P4Q8R1S3T6V0W5X7Y9Z2A") }
        },
    ]

    /// Handoff envelopes the server refuses, each failing one step of the
    /// decoder's order (docs/handoff-envelope.md) and passing the earlier ones.
    static let handoffs: [ClientProvocation] = [
        .init(.handoffTooLarge, "a handoff over 64 KiB", exactly: .handoffTooLarge) { harness in
            await refusal { try await harness.client().validate(handoff: String(repeating: "a", count: 65_600)) }
        },
        .init(.handoffMalformed, "a handoff that is not three segments", exactly: .handoffMalformed) { harness in
            await refusal { try await harness.client().validate(handoff: "not-an-envelope") }
        },
        .init(
            .handoffUnsupportedVersion, "a handoff of a version newer than any the server reads, redeemed",
            exactly: .handoffUnsupportedVersion(found: Handoffs.newerVersion, supported: Handoffs.supportedVersions)
        ) { harness in
            let newer = try Handoffs.mint(
                kind: .typedCode, version: Handoffs.newerVersion, keyID: nil, fields: ["credential": .string("ABCDEFGHJK")])
            return await refusal { try await harness.client().redeem(handoff: newer, redeemer: try harness.redeemer()) }
        },
        .init(.handoffUnsupportedKind, "a handoff of a kind no version defines", exactly: .handoffUnsupportedKind) { harness in
            await refusal { try await harness.client().validate(handoff: Handoffs.unknownKind) }
        },
        .init(.handoffUnsupportedAlgorithm, "an unsigned, device-minted handoff", exactly: .handoffUnsupportedAlgorithm) { harness in
            let now = Int64(Date().timeIntervalSince1970)
            let typed = try HandoffEncoder().mintTypedCode("ABCDEFGHJK", issuedAt: now, expiresAt: now + 600)
            return await refusal { try await harness.client().validate(handoff: typed) }
        },
        .init(.handoffUnknownKey, "a handoff signed under a key the server does not hold", exactly: .handoffUnknownKey) { harness in
            let handoff = try Handoffs.mint(kind: .invite, keyID: "retired-key", fields: Handoffs.invitePayload)
            return await refusal { try await harness.client().validate(handoff: handoff) }
        },
        .init(.handoffExpired, "a handoff under the server's key id, an hour past its expiry", exactly: .handoffExpired) { harness in
            let handoff = try Handoffs.mint(
                kind: .invite, keyID: try await harness.handoffKeyID(), fields: Handoffs.invitePayload, from: -7_200, to: -3_600)
            return await refusal { try await harness.client().validate(handoff: handoff) }
        },
        .init(.handoffNotYetValid, "a handoff written an hour from now", exactly: .handoffNotYetValid) { harness in
            let handoff = try Handoffs.mint(
                kind: .invite, keyID: try await harness.handoffKeyID(), fields: Handoffs.invitePayload, from: 3_600, to: 7_200)
            return await refusal { try await harness.client().validate(handoff: handoff) }
        },
        .init(.handoffInvalidPayload, "an invite handoff without its family name", exactly: .handoffInvalidPayload) { harness in
            var fields = Handoffs.invitePayload
            fields["family_name"] = nil
            let handoff = try Handoffs.mint(kind: .invite, keyID: try await harness.handoffKeyID(), fields: fields)
            return await refusal { try await harness.client().validate(handoff: handoff) }
        },
        .init(.handoffBadSignature, "a handoff whose MAC was changed", exactly: .handoffBadSignature) { harness in
            let handoff = try await harness.client().preview(try await harness.createInvite().code).handoff
            // Another last symbol whose unused low bits are zero too (strict
            // base64url): "B" after "A" was malformed, not a bad MAC, 1 run in 16.
            let tampered = String(handoff.dropLast()) + (handoff.hasSuffix("A") ? "E" : "A")
            return await refusal { try await harness.client().validate(handoff: tampered) }
        },
    ]

    /// Who is asking.
    static let callers: [ClientProvocation] = [
        .init(.invalidApiKey, "a key Baton never issued", exactly: .invalidApiKey) { harness in
            await refusal { try await harness.client().createInvite(Handoffs.draft, apiKey: "baton_not_a_key") }
        },
        .init(.insufficientScope, "a read-only key creating", exactly: .insufficientScope(required: "invites:write")) { harness in
            let reader = try harness.baton.makeKey([.invitesRead])
            return await refusal { try await harness.client().createInvite(Handoffs.draft, apiKey: reader) }
        },
        .init(.invalidToken, "a redeemer token that is not a JWT", exactly: .invalidToken(reason: "malformed")) { harness in
            let invite = try await harness.createInvite()
            return await refusal { try await harness.client().redeem(code: invite.code, redeemer: .token("not.a.jwt")) }
        },
        .init(.rateLimited, "a second preview within a limit of one a minute", environment: ["BATON_RATE_LIMITS": "code=1/min"]) {
            harness in
            let invite = try await harness.createInvite()
            _ = try await harness.client().preview(invite.code)
            let error = await refusal { try await harness.client().preview(invite.code) }
            #expect((1...60).contains(error?.retryAfter ?? 0) && error?.isTransient == true)
            return error
        },
    ]

    /// The request itself.
    static let requests: [ClientProvocation] = [
        .init(.invalidRequest, "an API key redeeming for an empty redeemer id", exactly: .invalidRequest(field: "redeemer_id")) {
            harness in
            let invite = try await harness.createInvite()
            return await refusal {
                try await harness.client().redeem(code: invite.code, redeemer: .apiKey(harness.baton.adminKey, redeemerID: ""))
            }
        },
        .init(.validationFailed, "an empty family name", exactly: .validationFailed(field: "family_name")) { harness in
            let error = await refusal {
                try await harness.client().createInvite(NewInvite(familyId: "fam-v", familyName: ""), apiKey: harness.baton.adminKey)
            }
            let stored = try harness.baton.count("SELECT count(*) FROM baton.invites")
            #expect(stored == 0)
            return error
        },
        .init(.numberOutOfRange, "a metadata number too small to keep exactly", exactly: .numberOutOfRange("metadata.tiny")) {
            harness in
            let draft = NewInvite(familyId: "fam-n", familyName: "The N family", metadata: ["tiny": .double(.leastNonzeroMagnitude)])
            return await refusal { try await harness.client().createInvite(draft, apiKey: harness.baton.adminKey) }
        },
        .init(.requestTooLarge, "metadata of 20 KB", exactly: .requestTooLarge) { harness in
            let huge = NewInvite(familyId: "fam-v", familyName: "Big", metadata: ["blob": .string(String(repeating: "x", count: 20_000))])
            return await refusal { try await harness.client().createInvite(huge, apiKey: harness.baton.adminKey) }
        },
        .init(.invalidIdempotencyKey, "an Idempotency-Key of 256 characters", exactly: .invalidIdempotencyKey) { harness in
            let key = String(repeating: "k", count: 256)
            return await refusal {
                try await harness.client().createInvite(Handoffs.draft, apiKey: harness.baton.adminKey, idempotencyKey: key)
            }
        },
        .init(.idempotencyKeyInUse, "an Idempotency-Key whose first request still runs", exactly: .idempotencyKeyInUse(retryAfter: 1)) {
            harness in try await harness.whileFirstCreateIsInFlight(key: "in-flight")
        },
        .init(.idempotencyKeyReused, "an Idempotency-Key sent again with another invite", exactly: .idempotencyKeyReused) { harness in
            let client = harness.client()
            _ = try await client.createInvite(Handoffs.draft, apiKey: harness.baton.adminKey, idempotencyKey: "reused-1")
            let other = NewInvite(familyId: "fam-v", familyName: "Another family")
            let error = await refusal { try await client.createInvite(other, apiKey: harness.baton.adminKey, idempotencyKey: "reused-1") }
            let stored = try harness.baton.count("SELECT count(*) FROM baton.invites")
            #expect(stored == 1)
            return error
        },
        .init(
            .idempotencyRecordUnreadable, "an Idempotency-Key whose stored answer no longer opens", exactly: .idempotencyRecordUnreadable
        ) { harness in
            let client = harness.client()
            _ = try await client.createInvite(Handoffs.draft, apiKey: harness.baton.adminKey, idempotencyKey: "stored-1")
            _ = try harness.baton.withConnection { try $0.query("UPDATE baton.idempotency_keys SET response_body = '\\x00'::bytea") }
            return await refusal {
                try await client.createInvite(Handoffs.draft, apiKey: harness.baton.adminKey, idempotencyKey: "stored-1")
            }
        },
    ]

    /// The HTTP layer and the server's state.
    static let server: [ClientProvocation] = [
        .init(.notFound, "a base URL with a path in front of /v1", exactly: .notFound) { harness in
            let invite = try await harness.createInvite()
            return await refusal { try await harness.client(path: "/api").preview(invite.code) }
        },
        .init(.uriTooLong, "a credential of 10,000 characters", exactly: .uriTooLong) { harness in
            await refusal { try await harness.client().preview(String(repeating: "A", count: 10_000)) }
        },
        .init(.headersTooLarge, "an API key of 20,000 characters", exactly: .headersTooLarge) { harness in
            await refusal { try await harness.client().invite(id: UUID().uuidString, apiKey: String(repeating: "k", count: 20_000)) }
        },
        .init(
            .unavailable, "every pooled connection held past BATON_DB_POOL_TIMEOUT_MS", exactly: .unavailable(retryAfter: 1),
            environment: ["BATON_DB_POOL_SIZE": "1", "BATON_DB_POOL_TIMEOUT_MS": "300"]
        ) { harness in
            let (release, done) = DatabaseLimitTests.holdOnlyConnection(of: harness.baton)
            defer {
                release.signal()
                done.wait()
            }
            #expect(eventually { harness.baton.app.pool.statistics.inUse == 1 })
            return await refusal { try await harness.client().invite(id: UUID().uuidString, apiKey: harness.baton.adminKey) }
        },
        .init(.internalError, "a database that refuses every new invite with a constraint the server does not expect") { harness in
            _ = try harness.baton.withConnection {
                try $0.query("ALTER TABLE baton.invites ADD CONSTRAINT refuse_all CHECK (false) NOT VALID")
            }
            let error = await refusal { try await harness.client().createInvite(Handoffs.draft, apiKey: harness.baton.adminKey) }
            guard case .internalError(let requestID) = error else { return error }
            #expect(requestID?.isEmpty == false)
            return error
        },
    ]
}

/// Envelopes built by hand, past what ``HandoffEncoder`` checks.
enum Handoffs {
    /// The versions this build's server reads, and one newer than all of them.
    static let supportedVersions = HandoffVersionRegistry<HandoffPayload>.standard.supportedVersions
    static let newerVersion = (supportedVersions.last ?? 0) + 1

    /// An invite any provocation may create.
    static let draft = NewInvite(familyId: "fam-v", familyName: "The V family")

    /// A well-formed invite payload.
    static let invitePayload: [String: JSONValue] = [
        "credential": .string("7M3QK9XW2HFRD6TBJ4NPVCAYGE"), "credential_type": .string("token"),
        "family_name": .string("The Okafor family"), "source": .string("https://invites.example.test/invite/7M3QK9XW2HFRD6TBJ4NPVCAYGE"),
    ]

    /// An envelope of `kind` and `version`, written `from` seconds from now
    /// and expiring `to` seconds from now; signed (with a MAC no key makes)
    /// under `keyID` when there is one, unsigned otherwise.
    static func mint(
        kind: HandoffKind, version: Int = 1, keyID: String?, fields: [String: JSONValue], from: Int64 = 0, to: Int64 = 600
    ) throws -> String {
        let now = Int64(Date().timeIntervalSince1970)
        let header = HandoffHeader(
            algorithm: keyID == nil ? .none : .hs256, keyID: keyID, kind: kind, version: version, issuedAt: now + from,
            expiresAt: now + to)
        return try HandoffEncoder().mint(header: header, payloadFields: HandoffFields(fields), signer: keyID.map(ZeroSigner.init))
    }

    /// A signed-looking envelope whose `kind` is `gift`.
    static var unknownKind: String {
        let now = Int64(Date().timeIntervalSince1970)
        let header = #"{"alg":"HS256","exp":\#(now + 600),"iat":\#(now),"kid":"k","kind":"gift","typ":"baton-handoff+jws","v":1}"#
        return [base64URL(Data(header.utf8)), base64URL(Data(#"{"credential":"ABCDEFGHJK"}"#.utf8)), base64URL(Data(count: 32))]
            .joined(separator: ".")
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A signer under `signingKeyID` whose MAC is zeros: the server refuses it
    /// as `handoff_bad_signature`, but only after every check before the MAC.
    private struct ZeroSigner: HandoffSigner {
        let signingKeyID: String
        func signature(for signingInput: [UInt8]) -> [UInt8] { [UInt8](repeating: 0, count: 32) }
    }
}
