import BatonBench
import BatonCLI
import Foundation

/// `baton-bench funnel`: the funnel query over generated history, on a private cluster by default.
enum BenchFunnelCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "funnel",
        summary: "Benchmark a 90-day funnel report over generated invites against plain queries over the rollups and raw events.",
        options: [
            .value(
                "database-url", "URL",
                "Use this scratch database (its baton schema is emptied, unless --reuse-history) instead of a private cluster."),
            .value("invites", "N", "Invites generated over 90 days (default 10000000)."),
            .value("families", "N", "Families they belong to (default 10000)."),
            .value("tail", "N", "Events left past the rollup, read live by every report (default 10000)."),
            .value("repeats", "N", "Timed runs of each query, 1-100 (default 5)."),
            .flag(
                "reuse-history",
                "With --database-url: time the reports over the history an earlier run left there (same --invites), without generating."),
        ],
        discussion: """
            Without --database-url it starts a throwaway cluster (fsync on) and removes it afterwards. Prints a Markdown table:
            ours, the ceiling, the ratio. 10,000,000 invites (25 million events) took 19 minutes to generate, 14 to roll up
            the events and 19 the stages on 2 cores; --invites 1000000 for a quick run. A run on --database-url leaves its history
            there, so --reuse-history can time the reports again (after a change to them) in minutes (3 at 10^7).
            """,
        examples: [
            "baton-bench funnel", "baton-bench funnel --invites 1000000 --repeats 9",
            "baton-bench funnel --database-url postgresql://localhost/scratch --reuse-history",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let invites = try arguments.int("invites", in: 1...50_000_000) ?? 10_000_000
        let families = try arguments.int("families", in: 1...10_000_000) ?? 10_000
        let tail = try arguments.int("tail", in: 0...10_000_000) ?? 10_000
        let repeats = try arguments.int("repeats", in: 1...100) ?? 5
        let reuse = arguments.flag("reuse-history")
        if reuse, arguments.string("database-url") == nil {
            throw UsageError("--reuse-history needs --database-url: a private cluster starts empty")
        }
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try FunnelBenchmark(
                conninfo: conninfo, invites: invites, families: families, tail: tail, repeats: repeats, reusesHistory: reuse
            ).run(
                progress: console.err)
        }
    }
}
