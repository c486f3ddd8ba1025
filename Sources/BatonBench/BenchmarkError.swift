/// Why a benchmark could not run. Benchmarks measure; they don't repair the
/// machine, so each error says what is missing.
///
/// Codes in use: `setup_failed` (database, server or files), `server_failed`
/// (Baton's server could not listen), `ceiling_failed` (the C server did not
/// compile or start), `wrk_failed` and `pgbench_failed` (missing, failed, or
/// output unreadable), `invites_exhausted` (a redeem run went past its fresh
/// invites), `expiry_incomplete` (the expiry sweep left due invites).
public struct BenchmarkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable snake_case code (see above).
    public var code: String
    /// A human message; never a secret.
    public var message: String

    /// An error with the given parts.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
