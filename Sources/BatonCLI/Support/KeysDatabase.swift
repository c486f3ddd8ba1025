import BatonCore
import Postgres

/// Opens the configured database once for a `keys` command.
enum KeysDatabase {
    static func open<T>(_ body: (APIKeyStore, PostgresConnection) throws -> T) throws -> T {
        let configuration = try BatonConfiguration()
        let connection = try PostgresConnection(configuration.databaseURL)
        defer { connection.close() }
        return try body(APIKeyStore(secret: configuration.secretKey), connection)
    }
}
