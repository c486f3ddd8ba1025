import BatonCore
import Postgres

/// The database named by the `BATON_*` configuration, opened once for the
/// length of one command and closed after it: what `migrate`, `keys` and
/// `jobs` commands run on.
enum ConfiguredDatabase {
    /// Reads the configuration, connects, runs `body` and closes.
    /// - Throws: `ConfigurationError`, the connection's `PostgresError`, or `body`'s error.
    static func open<T>(_ body: (BatonConfiguration, PostgresConnection) throws -> T) throws -> T {
        let configuration = try BatonConfiguration()
        let connection = try PostgresConnection(configuration.databaseURL)
        defer { connection.close() }
        return try body(configuration, connection)
    }
}
