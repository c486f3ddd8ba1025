import BatonCore
import BatonHandoff
import Foundation
import Testing

@testable import BatonCLI

@Suite("handoff inspect command", .timeLimit(.minutes(10)))
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

    @Test("with no file and a terminal on standard input it refuses at once instead of waiting, and says to pipe or name a file")
    func refusesATerminal() throws {
        let outcome = try BatonRun.runOnTerminal(["handoff", "inspect"])
        #expect(outcome.status == 2, "\(outcome.out)")
        #expect(outcome.out.contains("standard input is a terminal: pipe the envelope in"))
        #expect(outcome.out.contains("or name a file"))
    }

    @Test("an envelope piped in is still read from standard input")
    func readsAPipe() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(try minted(familyName: "Piped").utf8))
        try pipe.fileHandleForWriting.close()
        let outcome = try BatonRun.run(
            ["handoff", "inspect", "--key", "k1:\(Self.keyHex)"], stdin: pipe.fileHandleForReading)
        #expect(outcome.status == 0, "\(outcome.err)")
        #expect(outcome.out.contains("Piped"))
    }

    @Test("--key-file verifies with the keys it lists, skipping blank and # lines")
    func keyFile() throws {
        let path = try file(minted(familyName: "Keyed"))
        let keys = try file("# handoff keys\r\n\nk0:\(String(repeating: "11", count: 32))\n  k1:\(Self.keyHex)  ")
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["handoff", "inspect", "--key-file", keys, path], console: captured.console) == .success)
        #expect(captured.out.contains("Keyed"))
    }

    @Test("a bad --key-file line is named by number, its text (key material) never shown")
    func badKeyFileLine() throws {
        let path = try file(minted(familyName: "Keyed"))
        let keys = try file("k1:\(Self.keyHex)\nk2:not-hex-secretish")
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["handoff", "inspect", "--key-file", keys, path], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("line 2 is not KID:HEX"))
        #expect(!captured.err.contains("secretish") && !captured.err.contains(Self.keyHex))
    }

    @Test("a missing or empty --key-file is a usage error", arguments: ["/nonexistent/keys.txt", ""])
    func unusableKeyFile(name: String) throws {
        let keys = name.isEmpty ? try file("# nothing here") : name
        let captured = CapturedConsole()
        #expect(
            BatonCommandLine.run(["handoff", "inspect", "--key-file", keys, try file("x")], console: captured.console)
                == .usageOrInputError)
        #expect(captured.err.contains("--key-file"))
    }
}
