/// Why `HTTPBenchmark` could not run: it measures, it does not fix the
/// machine, so each error says what is missing.
public struct HTTPBenchmarkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable snake_case code: `ceiling_failed` (the C server did not
    /// compile or start), `wrk_failed` (missing, or output unreadable) or
    /// `server_failed` (Baton's server could not listen).
    public var code: String
    /// A human message.
    public var message: String

    /// An error with the given parts.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
