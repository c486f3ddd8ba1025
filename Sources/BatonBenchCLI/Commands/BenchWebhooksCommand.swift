import BatonBench
import BatonCLI
import Foundation

/// `baton-bench webhooks`: webhook deliveries against a C ceiling, on a private cluster by default.
enum BenchWebhooksCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "webhooks",
        summary: "Benchmark webhook deliveries from queued jobs to a loopback receiver against a C ceiling (libpq + libcurl).",
        options: [
            .value("database-url", "URL", "Use this scratch database (its baton schema is emptied!) instead of a private cluster."),
            .value("jobs", "N", "Deliveries per side and round (default 50000)."),
            .value("concurrency", "N", "Worker concurrency and the ceiling's batch (default 32)."),
            .value("rounds", "N", "Rounds of ours and the ceiling after a warm-up, which goes first alternating, 1-20 (default 3)."),
        ],
        discussion: """
            Without --database-url it starts a throwaway cluster (fsync on) and removes it afterwards. Compiles
            bench/ceiling/webhook_receiver.c and bench/ceiling/webhooks.c with cc (run it from the repository).
            Prints a Markdown table: deliveries/s and CPU per delivery, ours, the ceiling, the ratio.
            Build with -c release for meaningful numbers.
            """,
        examples: ["baton-bench webhooks", "baton-bench webhooks --jobs 20000 --concurrency 64"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let jobs = try arguments.int("jobs", in: 1...10_000_000) ?? 50_000
        let concurrency = try arguments.int("concurrency", in: 1...256) ?? 32
        let rounds = try arguments.int("rounds", in: 1...20) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try WebhookBenchmark(conninfo: conninfo, jobs: jobs, concurrency: concurrency, rounds: rounds).run()
        }
    }
}
