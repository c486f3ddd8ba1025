import BatonBench
import BatonCLI
import Foundation

/// `baton-bench api`: preview and redeem over HTTP vs a C server and pgbench with the same SQL.
enum BenchAPICommand: BatonCommand {
    static let spec = CommandSpec(
        name: "api",
        summary: "Preview and redeem over HTTP (wrk, keep-alive) vs a C libmicrohttpd + libpq server and pgbench, same SQL.",
        options: [
            .value("database-url", "URL", "Measure this database instead of a throwaway cluster (it gets bench rows)."),
            .value("seconds", "S", "Seconds per timed run, 1-600 (default 5)."),
            .value("connections", "N", "wrk connections, 1-1024 (default 64)."),
            .value("clients", "N", "Baton's HTTP threads and pool size, and pgbench's clients, 1-256 (default 32)."),
            .value(
                "invites", "N",
                "Fresh invites per side for the redeem runs, 1000-5000000 (default: sized after the warm-up for twice its fastest redeem rate); too few and the run stops with invites_exhausted."
            ),
            .value("repetitions", "N", "Repetitions of the whole sequence, 1-10 (default 3); medians are reported."),
        ],
        discussion: """
            Fills the database with invites, serves Baton in-process with rate limits off, compiles
            and starts bench/ceiling/api.c (libmicrohttpd + libpq, same options and statements), drives
            GET /v1/invites/{token}/preview (full and half load) and POST /v1/redemptions (a fresh
            single-use invite per request) on both with wrk, and runs pgbench -M prepared with the
            same statements on the same cluster. Each repetition starts from a vacuumed, checkpointed
            database and Baton and C take turns at going first. Prints medians of req/s, p50 and p99,
            and each ratio as the median of the repetitions' own ratios (their range in brackets).
            Run from the repository root on a release build; needs wrk, pgbench, cc and pkg-config.
            """,
        examples: ["swift build -c release && .build/release/baton-bench api --seconds 10"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let seconds = try arguments.int("seconds", in: 1...600) ?? 5
        let connections = try arguments.int("connections", in: 1...1024) ?? 64
        let clients = try arguments.int("clients", in: 1...256) ?? 32
        let invites = try arguments.int("invites", in: 1000...5_000_000)
        let repetitions = try arguments.int("repetitions", in: 1...10) ?? 3
        return try BenchCluster.report(arguments, console: console) { conninfo in
            let options = APIBenchmark.Options(
                conninfo: conninfo, connections: connections, databaseClients: clients, seconds: seconds, redeemInvites: invites,
                repetitions: repetitions
            )
            console.err("preparing \(options.invitesAdded) invites ...")
            return try APIBenchmark(options).run()
        }
    }
}
