import BatonBench
import BatonCLI

/// `baton-bench invites`: invite creation over HTTP (single and batch) next
/// to `pgbench` running the same INSERT.
enum BenchInvitesCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "invites",
        summary: "Invite creation over HTTP, single and batch, vs pgbench running the same INSERT.",
        options: [
            .value("database-url", "URL", "Measure this database instead of a throwaway cluster (it is migrated)."),
            .value("connections", "N", "wrk connections and pgbench clients for single creates, 1-256 (default 16)."),
            .value("batch-connections", "N", "Connections and clients for 1,000-invite batches, 1-64 (default 2)."),
            .value("seconds", "S", "Seconds per timed run, 1-600 (default 5)."),
            .value("rounds", "R", "Alternating rounds of ours and pgbench, 1-20 (default 3)."),
        ],
        discussion: """
            Starts Baton's API in-process on a free port, creates a bench API key, and drives
            POST /v1/invites and POST /v1/invites/batch with wrk (keep-alive). The ceiling is
            pgbench running InviteStore's INSERT statement with random hashes on the same database.
            Prints a Markdown table of invites/s and the ratio. Needs wrk and postgresql-15.
            """,
        examples: ["swift build -c release && .build/release/baton-bench invites --seconds 10"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let connections = try arguments.int("connections", in: 1...256) ?? 16
        let batchConnections = try arguments.int("batch-connections", in: 1...64) ?? 2
        let seconds = try arguments.int("seconds", in: 1...600) ?? 5
        let rounds = try arguments.int("rounds", in: 1...20) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try InviteCreationBenchmark(
                conninfo: conninfo, connections: connections, batchConnections: batchConnections, duration: .seconds(seconds),
                rounds: rounds
            ).run()
        }
    }
}
