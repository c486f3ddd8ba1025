import BatonHandoff
import BatonJSON
import Foundation
import Testing

@Suite("decoder settings and error hygiene", .timeLimit(.minutes(10)))
struct HandoffDecoderTests {
    let factory = GoldenVectorFactory()

    @Test("the size limit is configurable and checked before anything else")
    func sizeLimitIsConfigurable() {
        let decoder = HandoffDecoder(
            policy: .server(TestKeys.keyring), limits: HandoffLimits(maxBytes: 100), clock: TestKeys.clock(at: TestKeys.now))
        #expect(throws: HandoffError.tooLarge(size: 101, limit: 100)) { try decoder.decode(String(repeating: "\u{0}", count: 101)) }
        let tenMegabytes = String(repeating: "A", count: 10_000_000)
        #expect(throws: HandoffError.tooLarge(size: 10_000_000, limit: 65_536)) {
            try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(tenMegabytes)
        }
    }

    @Test("the allowed skew is configurable")
    func skewIsConfigurable() throws {
        let strict = HandoffDecoder(
            policy: .server(TestKeys.keyring), limits: HandoffLimits(allowedSkew: 0),
            clock: TestKeys.clock(at: GoldenVectorFactory.expiresAt)
        )
        #expect(throws: HandoffError.expired(expiresAt: GoldenVectorFactory.expiresAt)) { try strict.decode(factory.mintInvite()) }
        let lenient = HandoffDecoder(
            policy: .server(TestKeys.keyring), limits: HandoffLimits(allowedSkew: 600),
            clock: TestKeys.clock(at: GoldenVectorFactory.expiresAt + 599)
        )
        #expect(try lenient.decode(factory.mintInvite()).authenticity == .verified)
    }

    @Test("limits are clamped so the time arithmetic cannot overflow")
    func limitsAreClamped() throws {
        #expect(HandoffLimits(allowedSkew: .max).allowedSkew == HandoffLimits.maxAllowedSkew)
        #expect(HandoffLimits(maxBytes: -5, allowedSkew: -1) == HandoffLimits(maxBytes: 0, allowedSkew: 0))
        let farFuture = HandoffDecoder(policy: .device, limits: HandoffLimits(allowedSkew: .max), clock: TestKeys.clock(at: TestKeys.now))
        #expect(try farFuture.decode(factory.mintInvite()).authenticity == .unverified)
    }

    @Test(
        "no error message carries input bytes or hidden characters",
        arguments: GoldenVectorTests.file.vectors.filter { $0.expect.error != nil })
    func errorsNeverEchoInput(_ vector: GoldenVector) {
        do {
            _ = try TestKeys.decoder(mode: vector.mode, now: vector.now).decode(vector.envelope)
            Issue.record("expected \(vector.expect.error ?? "")")
        } catch {
            #expect(error.description.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
            #expect(error.description.hasPrefix(error.code + ": "))
            #expect(!error.message.contains("Okafor") && !error.message.contains("eyJ"))
        }
    }

    @Test("error details are JSON values: numbers and lists of numbers as the body carries them")
    func detailsSerialize() {
        let error = HandoffError.unsupportedVersion(found: 3, supported: [1, 2])
        #expect(JSONValue.object(error.details).jsonText() == #"{"found":3,"supported":[1,2]}"#)
        #expect(JSONValue.object(HandoffError.expired(expiresAt: 1_800_000_000).details).jsonText() == #"{"expires_at":1800000000}"#)
    }
}
