import Synchronization
import Testing

@testable import BatonCLI

/// Captures what a command prints.
final class CapturedConsole: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    var console: Console {
        Console(
            out: { line in self.lines.withLock { $0.out.append(line) } },
            err: { line in self.lines.withLock { $0.err.append(line) } })
    }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }
}

@Suite("CommandTree", .timeLimit(.minutes(10)))
struct CommandTreeTests {
    /// Every command path in the tree, such as ["keys", "create"].
    static func commandPaths(_ node: CommandTree = BatonCommandLine.tree, prefix: [String] = []) -> [[String]] {
        switch node {
        case .command: [prefix]
        case .group(_, _, let children): [prefix] + children.flatMap { commandPaths($0, prefix: prefix + [$0.word]) }
        }
    }

    @Test("every command and group answers --help with its usage and exit code 0", arguments: commandPaths())
    func helpEverywhere(path: [String]) {
        let captured = CapturedConsole()
        let code = BatonCommandLine.run(path + ["--help"], console: captured.console)
        #expect(code == .success)
        #expect(captured.out.contains("Usage: baton" + (path.isEmpty ? "" : " " + path.joined(separator: " "))))
    }

    @Test("a missing subcommand prints the group's help to stderr and exits 2")
    func missingSubcommand() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["keys"], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("create"))
    }

    @Test("an unknown command is named, escaped, with exit code 2")
    func unknownCommand() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["fly\u{1B}]0;x\u{7}"], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("unknown command 'fly\\u{001B}]0;x\\u{0007}'"))
    }

    @Test("a usage error exits 2 before anything runs")
    func usageErrorExitsTwo() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["keys", "create", "--scope", "admin"], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("--name is required"))
    }
}
