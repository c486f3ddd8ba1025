import BatonBench
import BatonCLI
import Foundation

/// `baton-bench pool`: queries/s through `PostgresPool` next to `pgbench`.
enum BenchPoolCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "pool",
        summary: "Primary-key SELECTs through the connection pool vs pgbench with the same SQL.",
        options: [
            .value("database-url", "URL", "Measure this database instead of a throwaway cluster."),
            .value("clients", "N", "Concurrent clients, 1-256 (default 8)."),
            .value("seconds", "S", "Seconds per timed run, 1-600 (default 5)."),
            .value("rounds", "R", "Alternating rounds of ours and pgbench, 1-20 (default 3)."),
        ],
        discussion: "Prints a Markdown table: Baton's median queries/s, pgbench's, and the ratio.",
        examples: ["baton-bench pool --clients 16 --seconds 10"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let clients = try arguments.int("clients", in: 1...256) ?? 8
        let seconds = try arguments.int("seconds", in: 1...600) ?? 5
        let rounds = try arguments.int("rounds", in: 1...20) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try PoolBenchmark(conninfo: conninfo, clients: clients, duration: .seconds(seconds), rounds: rounds).run()
        }
    }
}
