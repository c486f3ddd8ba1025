import BatonBench
import BatonCLI
import Foundation

/// `baton-bench serve`: time from exec to ready, and idle memory, of `baton serve`.
enum BenchServeCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Time from exec to the first 200 on /readyz, and idle RSS, of baton serve vs its budgets.",
        options: [
            .value("database-url", "URL", "Serve this database (it gets migrated) instead of a throwaway cluster."),
            .value("runs", "N", "Fresh server processes measured, 1-50 (default 5)."),
            .value("idle", "S", "Seconds each server idles before its RSS is read, 0-60 (default 2)."),
        ],
        discussion: """
            Migrates the database, then starts the baton binary beside this one as `baton serve` on a free
            loopback port N times, polls /readyz every millisecond until it answers 200, reads VmRSS after the idle
            time, and stops it with SIGTERM. Budgets: docs/benchmarks.md, "Targets".
            """,
        examples: ["swift build -c release && .build/release/baton-bench serve"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let runs = try arguments.int("runs", in: 1...50) ?? 5
        let idle = try arguments.int("idle", in: 0...60) ?? 2
        return try BenchCluster.report(arguments, console: console) { conninfo in
            try ServeStartupBenchmark(options(conninfo: conninfo, runs: runs, idle: idle)).run()
        }
    }

    /// The benchmark's options for the `baton` binary of the same build (the
    /// one beside this executable), probing readiness with the health
    /// check's probe.
    static func options(conninfo: String, runs: Int, idle: Int) -> ServeStartupBenchmark.Options {
        let this = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let executable = URL(fileURLWithPath: this).deletingLastPathComponent().appending(path: "baton").path
        return ServeStartupBenchmark.Options(executable: executable, conninfo: conninfo, runs: runs, idleSeconds: idle) { port in
            guard let probe = HealthProbe(url: "http://127.0.0.1:\(port)/readyz") else { return false }
            return (try? probe.status(timeout: .milliseconds(500))) == 200
        }
    }
}
