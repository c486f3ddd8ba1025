import BatonTestSupport
import Foundation
import Postgres
import Testing

/// Every suite of this target runs inside this one, one test at a time, so
/// the pool's timing tests (exhaustion, FIFO waiting) are not skewed by
/// other suites' load.
@Suite(.serialized, .timeLimit(.minutes(10))) enum PostgresModuleTests {}

/// A database of a suite's own, created on first use in the shared test server.
final class SuiteDatabase: Sendable {
    private let created: Result<String, any Error>

    init(_ label: String = #fileID) {
        created = Result { try TestPostgres.shared.makeDatabase(label) }
    }

    /// The database's connection string.
    func conninfo() throws -> String { try created.get() }

    /// A new connection to the database.
    func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo())
    }
}
