import BatonCore
import BatonHandoff
import Foundation
import Testing

@testable import BatonCLI

@Suite("handoff inspect command")
final class HandoffInspectCommandTests {
    static let keyHex = String(repeating: "5a", count: 32)
    private var files: [URL] = []

    deinit {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    /// A file holding `text`, deleted when the test ends.
    private func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appending(path: "baton-handoff-\(UUID().uuidString).txt")
        try Data((text + "\n").utf8).write(to: url)
        files.append(url)
        return url.path
    }

    private func minted(familyName: String) throws -> String {
        let keyring = try HandoffKeyring(keys: ["k1": Sodium.bytes(fromHex: Self.keyHex)!], currentKeyID: "k1")
        let now = Int64(Date().timeIntervalSince1970)
        let payload = HandoffPayload(
            credential: HandoffCredential(form: .token, value: "7M3QK9XW2HFRD6TBJ4NPVCAYGE"), familyName: familyName,
            inviterName: "Ada", source: "https://baton.example/invite/7M3QK9XW2HFRD6TBJ4NPVCAYGE"
        )
        return try HandoffEncoder().mintInvite(payload, id: "inspect-test-handoff-id", issuedAt: now, expiresAt: now + 600, signer: keyring)
    }

    @Test("a signed envelope verified with its key exits 0 and shows its payload")
    func verified() throws {
        let path = try file(minted(familyName: "The Okafor family"))
        let captured = CapturedConsole()
        let code = BatonCommandLine.run(["handoff", "inspect", "--key", "k1:\(Self.keyHex)", path], console: captured.console)
        #expect(code == .success)
        #expect(captured.out.contains("The Okafor family"))
    }

    @Test("hostile input exits 1 and never reaches the terminal raw")
    func hostileInputIsEscaped() throws {
        let path = try file("eyJ\u{1B}[2J\u{202E}.e30.")
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["handoff", "inspect", path], console: captured.console) == .checkFailed)
        #expect(!captured.out.contains("\u{1B}") && !captured.out.contains("\u{202E}"))
        #expect(captured.out.contains("handoff_malformed"))
    }

    @Test("the same envelope checked against another key exits 1 with handoff_bad_signature")
    func wrongKey() throws {
        let path = try file(minted(familyName: "Okafor"))
        let captured = CapturedConsole()
        let other = String(repeating: "11", count: 32)
        #expect(
            BatonCommandLine.run(["handoff", "inspect", "--json", "--key", "k1:\(other)", path], console: captured.console) == .checkFailed)
        #expect(captured.out.contains("handoff_bad_signature"))
    }

    @Test("a malformed key or an unreadable file is a usage error", arguments: [["--key", "k1:zz", "x"], ["/nonexistent/handoff.txt"]])
    func usageErrors(words: [String]) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["handoff", "inspect"] + words, console: captured.console) == .usageOrInputError)
    }
}
