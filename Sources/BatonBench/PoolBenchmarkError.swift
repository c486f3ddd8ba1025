import Postgres

/// Why `baton-bench pool` could not produce a report.
public enum PoolBenchmarkError: Error, Sendable, CustomStringConvertible {
    /// Preparing the table or a benchmark query failed.
    case postgres(PostgresError)
    /// No `pgbench` on PATH nor under `/usr/lib/postgresql/*/bin`.
    case pgbenchNotFound
    /// `pgbench` exited with `status` or printed no throughput; `output` is
    /// its raw output, for a caller that escapes it before showing it.
    case pgbenchFailed(status: Int32, output: String)

    /// Stable machine code.
    public var code: String {
        switch self {
        case .postgres(let error): error.code.rawValue
        case .pgbenchNotFound: "pgbench_not_found"
        case .pgbenchFailed: "pgbench_failed"
        }
    }

    /// A human sentence without raw output.
    public var message: String {
        switch self {
        case .postgres(let error): error.message
        case .pgbenchNotFound: "pgbench not found: install the Debian package postgresql-15"
        case .pgbenchFailed(let status, _): "pgbench failed (exit status \(status))"
        }
    }

    /// The code and message, for logs.
    public var description: String { "\(code): \(message)" }
}
