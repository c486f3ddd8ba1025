/// Why `APIBenchmark` could not run; each error says what is missing.
public struct APIBenchmarkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable snake_case code: `setup_failed` (database, server or files),
    /// `wrk_failed` or `pgbench_failed` (missing, failed, or output unreadable).
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
