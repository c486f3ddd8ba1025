import BatonCLI
import Foundation

/// Entry point of `baton-bench`, the benchmarks' own executable: each
/// subcommand measures Baton against the ceiling of the same work. Kept out
/// of `baton`, which ships without the drivers (wrk, pgbench, a C compiler).
public enum BenchCommandLine {
    /// The executable's name, as help texts and messages give it.
    public static let program = "baton-bench"

    /// Every benchmark, in the order `baton-bench --help` lists them.
    public static var tree: CommandTree {
        .group(
            name: "",
            summary: "Measure Baton against the ceiling of the same work.",
            children: [
                .command(BenchPoolCommand.self), .command(BenchHTTPCommand.self), .command(BenchHandoffCommand.self),
                .command(BenchQueueCommand.self), .command(BenchWebhooksCommand.self), .command(BenchInvitesCommand.self),
                .command(BenchAPICommand.self),
                .command(BenchServeCommand.self), .command(BenchFunnelCommand.self), .command(BenchMetricsCommand.self),
                .command(BenchReportCommand.self),
            ]
        )
    }

    /// Runs the benchmark named by `arguments` (without the program name)
    /// and returns its exit code; tests call this with their own console.
    public static func run(_ arguments: [String], console: Console = .standard) -> ExitCode {
        tree.dispatch(arguments, program: program, console: console)
    }

    /// Parses the process arguments, runs the benchmark and exits with its code.
    public static func main() -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }
}
