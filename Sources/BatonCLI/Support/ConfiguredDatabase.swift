import BatonCore
import Postgres

/// The database named by the `BATON_*` configuration, opened once for the
/// length of one command and closed after it: what `migrate`, `keys` and
/// `jobs` commands run on.
enum ConfiguredDatabase {
    /// Reads the configuration, connects (retrying connection failures with
    /// `wait`, when given), runs `body` and closes.
    /// - Throws: `ConfigurationError`, the connection's `PostgresError`, or `body`'s error.
    static func open<T>(
        wait: DatabaseWait? = nil, onRetry: (PostgresError, Duration) -> Void = { _, _ in },
        _ body: (BatonConfiguration, PostgresConnection) throws -> T
    ) throws -> T {
        let configuration = try BatonConfiguration()
        let connect = { try PostgresConnection(configuration.databaseURL) }
        let connection = try wait.map { try $0.run(connect, onRetry: onRetry) } ?? connect()
        defer { connection.close() }
        return try body(configuration, connection)
    }
}
