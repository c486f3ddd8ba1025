import BatonBench
import BatonCLI

extension BenchCluster {
    /// What a `baton-bench` command does once its options are read: runs
    /// `benchmark` on the database `--database-url` names, or on a throwaway
    /// cluster it removes afterwards, and prints the report as Markdown.
    /// Errors of the cluster and the benchmark propagate.
    static func report(
        _ arguments: ParsedArguments, console: Console, _ benchmark: (_ conninfo: String) throws -> BenchmarkReport
    ) throws -> ExitCode {
        let database = try BenchCluster(databaseURL: arguments.string("database-url"), console: console)
        defer { database.tearDown() }
        console.out(try benchmark(database.connectionString).markdown())
        return .success
    }
}
