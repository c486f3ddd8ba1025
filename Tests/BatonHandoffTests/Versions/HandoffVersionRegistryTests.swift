import BatonHandoff
import Foundation
import Testing

@Suite("schema versions: upgrades and forward compatibility", .timeLimit(.minutes(10)))
struct HandoffVersionRegistryTests {
    let factory = GoldenVectorFactory()
    let server = TestKeys.decoder(mode: "server", now: TestKeys.now)

    var version4Envelope: String {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: "k2", kind: .invite, version: 4,
            issuedAt: GoldenVectorFactory.issuedAt, expiresAt: GoldenVectorFactory.expiresAt, id: TestKeys.handoffID
        )
        var payload = PayloadV4(upgrading: GoldenVectorFactory.invite)
        payload.locale = "pt-BR"
        return try! HandoffEncoder().mint(header: header, payloadFields: payload.fields, signer: TestKeys.keyring)
    }

    @Test("a server that knows version 4 upgrades version-1, version-2 and version-3 envelopes to its current model")
    func versionOneIsUpgraded() throws {
        let decoded = try server.decode(factory.mintInvite(), registry: PayloadV4.registry)
        #expect(decoded.payload == PayloadV4(upgrading: GoldenVectorFactory.invite))
        #expect(decoded.payload.locale == "und")
        #expect(decoded.header.version == 1)
        let second = try server.decode(factory.mintInviteV2(), registry: PayloadV4.registry)
        #expect(second.payload == PayloadV4(upgrading: GoldenVectorFactory.invite) && second.header.id == TestKeys.handoffID)
        var noInviter = GoldenVectorFactory.invite
        noInviter.inviterName = nil
        let third = try server.decode(factory.mintInviteV2(noInviter), registry: PayloadV4.registry)
        #expect(third.header.version == 3 && third.payload == PayloadV4(upgrading: noInviter))
        #expect(PayloadV4.registry.supportedVersions == [1, 2, 3, 4])
    }

    @Test("a server that knows version 4 reads version-4 envelopes")
    func versionTwoIsRead() throws {
        let decoded = try server.decode(version4Envelope, registry: PayloadV4.registry)
        #expect(decoded.payload.locale == "pt-BR")
        #expect(decoded.payload.familyDisplayName == GoldenVectorFactory.invite.familyName)
    }

    @Test("this library's reader refuses version 4 with the found and supported versions")
    func olderReaderRefusesNewerVersion() {
        #expect(throws: HandoffError.unsupportedVersion(found: 4, supported: [1, 2, 3])) {
            try server.decode(version4Envelope)
        }
    }

    @Test("an older app's store forwards a version-4 envelope unread and the newer server decodes those exact bytes")
    func olderStoreForwardsNewerBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-v4-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let store = HandoffStore.file(at: url, decoder: HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now)))
        try store.write(version4Envelope)
        guard case .newer(let unread)? = try store.take() else {
            Issue.record("expected the envelope to be forwarded unread")
            return
        }
        #expect(unread.raw == version4Envelope)
        #expect(unread.version == 4)
        #expect(try server.decode(unread.raw, registry: PayloadV4.registry).payload.locale == "pt-BR")
    }

    @Test("a forwarded newer envelope must still be in date")
    func forwardedEnvelopeIsDated() {
        let late = HandoffDecoder(policy: .device, clock: TestKeys.clock(at: GoldenVectorFactory.expiresAt + 3_600))
        #expect(throws: HandoffError.expired(expiresAt: GoldenVectorFactory.expiresAt)) {
            try late.readForForwarding(version4Envelope)
        }
    }
}
