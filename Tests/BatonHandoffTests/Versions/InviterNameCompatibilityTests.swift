import BatonHandoff
import BatonJSON
import Foundation
import Testing

/// The payload rule of the release before version 3, rebuilt for these
/// tests: versions 1 and 2, `inviter_name` required (the reader of that
/// release refused an invite payload without it as `handoff_invalid_payload`).
enum PreviousRelease {
    static let registry = HandoffVersionRegistry<HandoffPayload>(currentVersion: 2, reader: read).adding(
        version: 1, reader: read, upgrade: { (payload) throws(HandoffError) in payload })

    static func read(_ fields: HandoffFields, _ kind: HandoffKind) throws(HandoffError) -> HandoffPayload {
        let payload = try HandoffPayload(version1: fields, kind: kind)
        if kind == .invite, payload.inviterName == nil { throw .invalidPayload(reason: "inviter_name is missing") }
        return payload
    }
}

@Suite("an invite without an inviter name, and apps built before version 3", .timeLimit(.minutes(10)))
struct InviterNameCompatibilityTests {
    let factory = GoldenVectorFactory()
    /// How an App Clip or app store reads (`HandoffStore` uses this rule), at the vectors' clock.
    let device = HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now))

    var noInviter: HandoffPayload {
        var payload = GoldenVectorFactory.invite
        payload.inviterName = nil
        return payload
    }

    @Test("the previous release refuses a version-2 invite envelope without inviter_name: why such envelopes are version 3")
    func previousReleaseRefusesVersionTwoWithoutInviter() throws {
        let header = factory.headerFields {
            $0["v"] = .int(2)
            $0["jti"] = .string(TestKeys.handoffID)
        }
        let envelope = factory.signedInvite(header: header, payload: noInviter.version1Fields)
        #expect(throws: HandoffError.invalidPayload(reason: "inviter_name is missing")) {
            try device.readForForwarding(envelope, registry: PreviousRelease.registry)
        }
        #expect(try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(envelope).payload == noInviter)
    }

    @Test("without an inviter the server mints version 3: the previous release's store keeps it unread, and those bytes redeem")
    func versionThreeIsForwardedByThePreviousRelease() throws {
        let envelope = factory.mintInviteV2(noInviter)
        guard case .newer(let unread) = try device.readForForwarding(envelope, registry: PreviousRelease.registry) else {
            Issue.record("the previous release did not forward the envelope unread")
            return
        }
        #expect(unread.version == 3 && unread.raw == envelope)
        let server = TestKeys.decoder(mode: "server", now: TestKeys.now)
        #expect(try server.decode(unread.raw).payload == noInviter)
        guard case .current(let read) = try device.readForForwarding(envelope) else {
            Issue.record("this release did not read its own version")
            return
        }
        #expect(read.payload.inviterName == nil && read.header.version == 3)
    }

    @Test("with an inviter the server still mints version 2, which the previous release reads in full")
    func versionTwoStaysReadable() throws {
        guard case .current(let read) = try device.readForForwarding(factory.mintInviteV2(), registry: PreviousRelease.registry) else {
            Issue.record("the previous release did not read a version-2 envelope")
            return
        }
        #expect(read.header.version == 2 && read.payload == GoldenVectorFactory.invite)
    }
}
