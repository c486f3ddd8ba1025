import BatonBench
import BatonCLI
import Foundation

/// `baton-bench metrics`: the cost of recording Prometheus metrics.
enum BenchMetricsCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "metrics",
        summary: "What recording Prometheus metrics costs: per request, and preview over HTTP with vs without.",
        options: [
            .value("database-url", "URL", "Measure this database instead of a throwaway cluster (it gets bench rows)."),
            .value("seconds", "S", "Seconds per timed HTTP run, 1-600 (default 5)."),
            .value("connections", "N", "wrk connections, 1-1024 (default 64)."),
            .value("repeat", "N", "Timed HTTP runs per side, in alternation, 1-20 (default 3)."),
        ],
        discussion: """
            Times the request observer's call (ns per request, 1 and 4 threads) against one atomic add,
            then serves GET /v1/invites/{token}/preview from two servers on one application, one
            recording metrics and one not, and drives them with wrk in turn. Prints the medians and
            the ratio. Run from the repository root on a release build; needs wrk.
            """,
        examples: ["swift build -c release && .build/release/baton-bench metrics --seconds 5 --repeat 3"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let connections = try arguments.int("connections", in: 1...1024) ?? 64
        let seconds = try arguments.int("seconds", in: 1...600) ?? 5
        let repeats = try arguments.int("repeat", in: 1...20) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try MetricsBenchmark(.init(conninfo: conninfo, connections: connections, seconds: seconds, repeats: repeats)).run()
        }
    }
}
