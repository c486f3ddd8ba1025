import Foundation
import Testing

@testable import BatonHandoff

/// Runs `Tests/Fixtures/handoff-vectors.json`, the contract the codec and
/// the server's `POST /v1/handoffs/validate` both honour.
@Suite("golden handoff vectors", .timeLimit(.minutes(10)))
struct GoldenVectorTests {
    static let file = try! GoldenVectorFile.load()

    @Test("every golden vector decodes to its expected fields or fails with its expected code", arguments: file.vectors)
    func vectorHasItsExpectedResult(_ vector: GoldenVector) {
        let decoder = TestKeys.decoder(mode: vector.mode, now: vector.now)
        do {
            let envelope = try decoder.decode(vector.envelope)
            #expect(vector.expect.ok == GoldenVector.Expectation.fields(of: envelope), "accepted")
            #expect(envelope.raw == vector.envelope)
        } catch {
            let observed = GoldenVector.Expectation.failure(error)
            #expect(vector.expect.error == observed.error, "\(error.message)")
            #expect(vector.expect.details == observed.details)
        }
    }

    @Test("the fixture holds at least 40 uniquely named cases covering every error code the decoder can return")
    func fixtureCoversTheDecoder() {
        let vectors = Self.file.vectors
        #expect(vectors.count >= 40)
        #expect(Set(vectors.map(\.name)).count == vectors.count)
        let codes = Set(vectors.compactMap(\.expect.error))
        let decoderCodes = [
            "handoff_too_large", "handoff_malformed", "handoff_unsupported_version", "handoff_unsupported_kind",
            "handoff_unsupported_algorithm", "handoff_unknown_key", "handoff_expired", "handoff_not_yet_valid",
            "handoff_invalid_payload", "handoff_bad_signature",
        ]
        #expect(codes == Set(decoderCodes))
        #expect(vectors.contains { $0.expect.ok != nil && $0.mode == "device" })
    }

    @Test("the fixture's settings and keys are the ones the tests use")
    func fixtureSettingsMatch() {
        #expect(Self.file.settings == ["max_bytes": Int64(HandoffLimits.defaultMaxBytes), "skew_seconds": 60])
        #expect(Self.file.keys.current == TestKeys.currentKeyID)
        #expect(Self.file.keys.secrets == TestKeys.secrets)
    }

    /// Set `BATON_WRITE_HANDOFF_VECTORS=1` to rewrite the fixture after changing the factory.
    @Test("the committed fixture is exactly what the vector factory builds")
    func fixtureMatchesFactory() throws {
        let built = GoldenVectorFile(
            description: "Baton handoff envelope golden vectors; schema in docs/handoff-envelope.md",
            settings: ["max_bytes": Int64(HandoffLimits.defaultMaxBytes), "skew_seconds": 60],
            keys: .init(current: TestKeys.currentKeyID, secrets: TestKeys.secrets),
            vectors: GoldenVectorFactory().all
        )
        if ProcessInfo.processInfo.environment["BATON_WRITE_HANDOFF_VECTORS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(built).write(to: GoldenVectorFile.url)
        }
        #expect(try GoldenVectorFile.load() == built)
    }
}
