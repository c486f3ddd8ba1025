import BatonBench
import BatonCLI
import Foundation

/// `baton-bench queue`: the queue benchmark, on a private cluster by default.
enum BenchQueueCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "queue",
        summary: "Benchmark the job queue against pgbench, the expiry sweep and NOTIFY wake-up latency.",
        options: [
            .value("database-url", "URL", "Use this scratch database (its baton schema is emptied!) instead of a private cluster."),
            .value("jobs", "N", "No-op jobs burnt down by each side (default 200000)."),
            .value("concurrency", "N", "Worker concurrency and pgbench batch size (default 10)."),
            .value("invites", "N", "Due invites to expire (default 1000000; 0 skips)."),
            .value("samples", "N", "Wake-up latency samples (default 200)."),
            .value("rounds", "N", "Burn-down rounds of ours and pgbench after a warm-up, which goes first alternating, 1-20 (default 3)."),
        ],
        discussion: """
            Without --database-url it starts a throwaway cluster (fsync on) and removes it afterwards. Prints a Markdown table: ours, the ceiling, the ratio.
            Build with -c release for meaningful numbers.
            """,
        examples: ["baton-bench queue", "baton-bench queue --jobs 50000 --invites 100000"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let jobs = try arguments.int("jobs", in: 1...10_000_000) ?? 200_000
        let concurrency = try arguments.int("concurrency", in: 1...256) ?? 10
        let invites = try arguments.int("invites", in: 0...10_000_000) ?? 1_000_000
        let samples = try arguments.int("samples", in: 1...100_000) ?? 200
        let rounds = try arguments.int("rounds", in: 1...20) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try QueueBenchmark(
                conninfo: conninfo, jobs: jobs, concurrency: concurrency, invites: invites, latencySamples: samples, rounds: rounds
            ).run()
        }
    }
}
