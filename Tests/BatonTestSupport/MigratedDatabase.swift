import BatonCore
import JobQueue
import Postgres

/// A fresh database on the shared test server with Baton's schema applied,
/// and one connection to it, for tests that need real tables.
public struct MigratedDatabase {
    /// The connection string, for workers and threads that open their own.
    public let conninfo: String
    /// A connection for the test's own statements.
    public let connection: PostgresConnection

    /// Creates the database as a copy of the migrated template; `label`
    /// names it in server logs.
    public init(_ label: String = #fileID) throws {
        conninfo = try TestPostgres.shared.makeMigratedDatabase(label)
        connection = try PostgresConnection(conninfo)
    }

    /// Migrates the database at `conninfo`, such as a ``PrivateTestCluster``'s
    /// (which the caller keeps alive while it is used).
    public init(migrating conninfo: String) throws {
        self.conninfo = conninfo
        connection = try PostgresConnection(conninfo)
        try Migrator().migrate(on: connection)
    }

    /// How many jobs are in `state`.
    public func count(_ state: JobState) throws -> Int {
        try connection.query("SELECT count(*) FROM baton.jobs WHERE state = $1", [state.rawValue])[0].decode(at: 0)
    }
}
