import BatonHandoff
import Foundation
import Testing

@Suite("schema versions: upgrades and forward compatibility")
struct HandoffVersionRegistryTests {
    let factory = GoldenVectorFactory()
    let server = TestKeys.decoder(mode: "server", now: TestKeys.now)

    var version2Envelope: String {
        let header = HandoffHeader(
            algorithm: .hs256, keyID: "k2", kind: .invite, version: 2,
            issuedAt: GoldenVectorFactory.issuedAt, expiresAt: GoldenVectorFactory.expiresAt
        )
        var payload = PayloadV2(upgrading: GoldenVectorFactory.invite)
        payload.locale = "pt-BR"
        return try! HandoffEncoder().mint(header: header, payloadFields: payload.fields, signer: TestKeys.keyring)
    }

    @Test("a server that knows version 2 upgrades a version-1 envelope to its current model")
    func versionOneIsUpgraded() throws {
        let decoded = try server.decode(factory.mintInvite(), registry: PayloadV2.registry)
        #expect(decoded.payload == PayloadV2(upgrading: GoldenVectorFactory.invite))
        #expect(decoded.payload.locale == "und")
        #expect(decoded.header.version == 1)
        #expect(PayloadV2.registry.supportedVersions == [1, 2])
    }

    @Test("a server that knows version 2 reads version-2 envelopes")
    func versionTwoIsRead() throws {
        let decoded = try server.decode(version2Envelope, registry: PayloadV2.registry)
        #expect(decoded.payload.locale == "pt-BR")
        #expect(decoded.payload.familyDisplayName == GoldenVectorFactory.invite.familyName)
    }

    @Test("this library's reader refuses version 2 with the found and supported versions")
    func olderReaderRefusesNewerVersion() {
        #expect(throws: HandoffError.unsupportedVersion(found: 2, supported: [1])) {
            try server.decode(version2Envelope)
        }
    }

    @Test("an older app's store forwards a version-2 envelope unread and the newer server decodes those exact bytes")
    func olderStoreForwardsNewerBytes() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-v2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let store = HandoffStore.file(at: url, decoder: HandoffDecoder(policy: .device, clock: TestKeys.clock(at: TestKeys.now)))
        try store.write(version2Envelope)
        guard case .newer(let unread)? = try store.take() else {
            Issue.record("expected the envelope to be forwarded unread")
            return
        }
        #expect(unread.raw == version2Envelope)
        #expect(unread.version == 2)
        #expect(try server.decode(unread.raw, registry: PayloadV2.registry).payload.locale == "pt-BR")
    }

    @Test("a forwarded newer envelope must still be in date")
    func forwardedEnvelopeIsDated() {
        let late = HandoffDecoder(policy: .device, clock: TestKeys.clock(at: GoldenVectorFactory.expiresAt + 3_600))
        #expect(throws: HandoffError.expired(expiresAt: GoldenVectorFactory.expiresAt)) {
            try late.readForForwarding(version2Envelope)
        }
    }
}
