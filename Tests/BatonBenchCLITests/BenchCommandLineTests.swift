import BatonCLI
import Synchronization
import Testing

@testable import BatonBenchCLI

@Suite("baton-bench command line", .timeLimit(.minutes(10)))
struct BenchCommandLineTests {
    /// What `baton bench --help` listed before the benchmarks left `baton`, and `webhooks`, added since.
    static let subcommands = ["pool", "http", "handoff", "queue", "webhooks", "invites", "api", "serve", "funnel", "metrics", "report"]

    /// Runs `baton-bench words` and returns its exit code and what it printed.
    static func run(_ words: [String]) -> (code: ExitCode, out: String, err: String) {
        let printed = Printed()
        let console = Console(
            out: { line in printed.lines.withLock { $0.out.append(line) } },
            err: { line in printed.lines.withLock { $0.err.append(line) } })
        let code = BenchCommandLine.run(words, console: console)
        return printed.lines.withLock { (code, $0.out.joined(separator: "\n"), $0.err.joined(separator: "\n")) }
    }

    private final class Printed: Sendable {
        let lines = Mutex<(out: [String], err: [String])>(([], []))
    }

    @Test("baton-bench --help lists the subcommands baton bench had, in the same order, with webhooks after queue")
    func sameSubcommands() throws {
        let (code, out, _) = Self.run(["--help"])
        #expect(code == .success)
        #expect(out.contains("Usage: baton-bench <command> [options]"))
        let listed = out.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Commands:" }.dropFirst().prefix {
            !$0.isEmpty
        }
        #expect(listed.map { String($0.split(separator: " ")[0]) } == Self.subcommands)
    }

    @Test("every benchmark answers --help with usage and examples under baton-bench", arguments: subcommands)
    func helpNamesTheNewProgram(subcommand: String) {
        let (code, out, _) = Self.run([subcommand, "--help"])
        #expect(code == .success)
        #expect(out.contains("Usage: baton-bench \(subcommand)"))
        #expect(out.contains("Examples:\n  "))
        #expect(!out.contains("baton bench"))
    }

    @Test("a bad option is a usage error naming baton-bench, before anything is measured")
    func usageError() {
        let (code, _, err) = Self.run(["queue", "--rounds", "0"])
        #expect(code == .usageOrInputError)
        #expect(err.contains("baton-bench queue: --rounds must be a whole number from 1 to 20"))
        #expect(err.contains("Run 'baton-bench queue --help' for usage."))
    }
}
