import Foundation
import Testing

@testable import BatonCLI

@Suite("shell completion", .timeLimit(.minutes(10)))
final class CommandTreeCompletionTests {
    static let zsh = ["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) }
    private var files: [URL] = []

    deinit {
        for file in files { try? FileManager.default.removeItem(at: file) }
    }

    /// `baton completion shell` as printed, saved to a file deleted when the test ends.
    private func script(_ shell: String) throws -> URL {
        let captured = CapturedConsole()
        try #require(BatonCommandLine.run(["completion", shell], console: captured.console) == .success)
        let file = FileManager.default.temporaryDirectory.appending(path: "baton-completion-\(UUID().uuidString).\(shell)")
        try Data((captured.out + "\n").utf8).write(to: file)
        files.append(file)
        return file
    }

    /// Runs `shell -c command` and returns its status and output.
    private func run(_ shell: String, _ command: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("the bash script parses (bash -n)")
    func bashSyntax() throws {
        let result = try run("/bin/bash", "bash -n '\(try script("bash").path)'")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the zsh script parses (zsh -n)", .enabled(if: zsh != nil, "zsh is not installed"))
    func zshSyntax() throws {
        let result = try run(try #require(Self.zsh), "zsh -n '\(try script("zsh").path)'")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        "bash completes groups, subcommands and options from the command tree",
        arguments: [
            (["baton", "ke"], "keys"),
            (["baton", "--ver"], "--version"),
            (["baton", "keys", "cr"], "create"),
            (["baton", "keys", "create", "--sc"], "--scope"),
            (["baton", "handoff", "inspect", "--key-"], "--key-file"),
            (["baton", "jobs", "list", "--json", "--li"], "--limit"),
            (["baton", "compl"], "completion"),
        ])
    func bashCompletes(words: [String], expected: String) throws {
        let file = try script("bash")
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try run(
            "/bin/bash", "source '\(file.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _baton; echo \"${COMPREPLY[*]}\"")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == expected + "\n")
    }

    @Test("bash offers no options where a command's positional argument goes, so file names complete")
    func bashFallsBackToFiles() throws {
        let file = try script("bash")
        let result = try run(
            "/bin/bash", "source '\(file.path)'; COMP_WORDS=(baton handoff inspect ''); COMP_CWORD=3; _baton; echo \"[${COMPREPLY[*]}]\"")
        #expect(result.output == "[]\n")
    }

    @Test("an unknown shell is a usage error naming the ones there are")
    func unknownShell() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["completion", "fish"], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("unknown shell 'fish'; use bash or zsh"))
    }
}
