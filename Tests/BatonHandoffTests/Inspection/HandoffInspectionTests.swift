import BatonHandoff
import Foundation
import SafeText
import Testing

@Suite("handoff inspection for baton handoff inspect", .timeLimit(.minutes(10)))
struct HandoffInspectionTests {
    let factory = GoldenVectorFactory()

    func inspect(_ envelope: String, verifier: (any HandoffVerifier)? = TestKeys.keyring) -> HandoffInspection {
        HandoffInspection(envelope: envelope, verifier: verifier, clock: TestKeys.clock(at: TestKeys.now))
    }

    @Test("a valid envelope shows its header, payload and an ok verdict, and a file's final newline is ignored")
    func validEnvelopeIsShown() {
        let inspection = inspect(factory.mintInvite() + "\n")
        #expect(inspection.isValid)
        #expect(inspection.verdict == .valid(.verified))
        #expect(inspection.text.contains("  kid: k2\n"))
        #expect(inspection.text.contains("  family_name: The Okafor family\n"))
        #expect(inspection.text.hasSuffix("verdict: ok (verified)\n"))
    }

    @Test("without a verifier the device policy runs and says the MAC was not checked")
    func deviceVerdictIsUnverified() {
        #expect(inspect(factory.mintInvite(), verifier: nil).verdict == .valid(.unverified))
    }

    @Test("hidden characters in a refused envelope are shown escaped in text and JSON")
    func hiddenCharactersAreEscaped() throws {
        let envelope = factory.signedInvite(payload: factory.payloadFields { $0["family_name"] = .string("The \u{202E}ylimaf\u{1B}[2J") })
        let inspection = inspect(envelope)
        #expect(!inspection.isValid)
        #expect(inspection.text.contains(#"family_name: The \u{202E}ylimaf\u{001B}[2J"#))
        #expect(!inspection.text.unicodeScalars.contains { $0 != "\n" && HiddenCharacters.isHidden($0) })
        #expect(inspection.text.contains("verdict: handoff_invalid_payload: "))
        #expect(!inspection.json.unicodeScalars.contains { HiddenCharacters.isHidden($0) })
        let object = try JSONSerialization.jsonObject(with: Data(inspection.json.utf8)) as? [String: Any]
        let verdict = object?["verdict"] as? [String: Any]
        #expect(verdict?["code"] as? String == "handoff_invalid_payload")
        #expect(verdict?["ok"] as? Bool == false)
    }

    @Test("an oversized input is not parsed: its verdict is handoff_too_large with the size in the details")
    func oversizedInputIsNotParsed() throws {
        let inspection = inspect(String(repeating: "e", count: 70_000))
        #expect(inspection.header.isEmpty && inspection.payload.isEmpty)
        #expect(inspection.text.contains("(unreadable)"))
        let object = try JSONSerialization.jsonObject(with: Data(inspection.json.utf8)) as? [String: Any]
        let details = (object?["verdict"] as? [String: Any])?["details"] as? [String: Any]
        #expect(details?["size"] as? Int == 70_000)
    }
}
