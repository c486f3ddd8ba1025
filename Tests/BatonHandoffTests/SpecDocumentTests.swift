import BatonHandoff
import Foundation
import Testing

/// The examples in docs/handoff-envelope.md are real envelopes.
@Suite("handoff envelope specification document", .timeLimit(.minutes(10)))
struct SpecDocumentTests {
    static let document = try! String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/handoff-envelope.md"),
        encoding: .utf8
    )

    /// The one-line code block between `<!-- marker -->` and `<!-- /marker -->`.
    static func example(_ marker: String) -> String? {
        guard let start = document.range(of: "<!-- \(marker) -->"), let end = document.range(of: "<!-- /\(marker) -->") else { return nil }
        return document[start.upperBound..<end.lowerBound].split(separator: "\n").first { !$0.hasPrefix("```") }.map(String.init)
    }

    @Test("the worked example decodes on the server path to the documented invite")
    func workedExampleDecodes() throws {
        let envelope = try #require(Self.example("example-envelope"))
        let decoded = try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(envelope)
        #expect(decoded.payload == GoldenVectorFactory.invite)
        #expect(decoded.header.keyID == "k2")
        #expect(envelope == GoldenVectorFactory().mintInvite())
    }

    @Test("the typed-code example decodes on the device path and is refused on the server path")
    func typedCodeExampleDecodes() throws {
        let envelope = try #require(Self.example("example-typed-code"))
        #expect(try TestKeys.decoder(mode: "device", now: TestKeys.now).decode(envelope).authenticity == .deviceMinted)
        #expect(throws: HandoffError.unsupportedAlgorithm) { try TestKeys.decoder(mode: "server", now: TestKeys.now).decode(envelope) }
    }
}
