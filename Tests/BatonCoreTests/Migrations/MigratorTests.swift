import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@Suite("Migrator", .timeLimit(.minutes(10)))
struct MigratorTests {
    private func connect() throws -> PostgresConnection {
        try PostgresConnection(TestPostgres.shared.makeDatabase())
    }

    private func migration(_ version: Int, _ sql: String) throws -> Migration {
        try Migration(fileName: String(format: "%04d_step.sql", version), sql: sql)
    }

    private func appliedCount(_ connection: PostgresConnection) throws -> Int64 {
        try connection.query("SELECT count(*) FROM baton.schema_migrations")[0].decode(Int64.self, at: 0)
    }

    @Test("the embedded migrations apply to an empty database and a second run applies nothing")
    func embeddedMigrationsApply() throws {
        let connection = try connect()
        let migrator = try Migrator()
        let first = try migrator.migrate(on: connection)
        #expect(first.map(\.fileName) == migrator.migrations.map(\.fileName))
        #expect(try migrator.migrate(on: connection).isEmpty)
        #expect(try migrator.status(on: connection).allSatisfy { if case .applied = $0.state { true } else { false } })
        #expect(try connection.query("SELECT to_regclass('baton.invites') IS NOT NULL")[0].decode(Bool.self, at: 0))
    }

    @Test("an applied migration whose file changed is refused before anything runs")
    func changedFileIsRefused() throws {
        let connection = try connect()
        try Migrator(migrations: [migration(1, "CREATE TABLE baton_one (id int)")]).migrate(on: connection)
        let edited = try Migrator(migrations: [
            migration(1, "CREATE TABLE baton_one (id bigint)"),
            migration(2, "CREATE TABLE baton_two (id int)"),
        ])
        #expect(throws: MigrationError.changed(version: 1, fileName: "0001_step.sql")) {
            try edited.migrate(on: connection)
        }
        #expect(try connection.query("SELECT to_regclass('baton_two') IS NULL")[0].decode(Bool.self, at: 0))
        #expect(try edited.status(on: connection).map(\.state) == [.changed, .pending])
    }

    @Test("a database with a migration this binary lacks is refused")
    func missingFileIsRefused() throws {
        let connection = try connect()
        try Migrator(migrations: [migration(1, "SELECT 1"), migration(2, "SELECT 2")]).migrate(on: connection)
        let older = try Migrator(migrations: [migration(1, "SELECT 1")])
        #expect(throws: MigrationError.missing(version: 2, fileName: "0002_step.sql")) {
            try older.migrate(on: connection)
        }
    }

    @Test("a failing migration is rolled back whole and the ones before it stay applied")
    func failureRollsBack() throws {
        let connection = try connect()
        let migrator = try Migrator(migrations: [
            migration(1, "CREATE TABLE baton_kept (id int)"),
            migration(2, "CREATE TABLE baton_lost (id int); SELECT no_such_function();"),
        ])
        #expect {
            try migrator.migrate(on: connection)
        } throws: { error in
            guard case .failed(let version, _, let cause) = error as? MigrationError else { return false }
            return version == 2 && cause.code == .undefinedFunction
        }
        #expect(
            try connection.query("SELECT to_regclass('baton_kept') IS NOT NULL AND to_regclass('baton_lost') IS NULL")[0].decode(
                Bool.self, at: 0))
        #expect(try appliedCount(connection) == 1)
    }

    @Test("file names that are not NNNN_name.sql are refused")
    func badFileNames() {
        for name in ["1_x.sql", "0001-x.sql", "0001_x.txt", "abcd_x.sql", "0000_x.sql"] {
            #expect(throws: MigrationError.badFileName(name)) { try Migration(fileName: name, sql: "") }
        }
    }

    @Test("two migrate runs racing on one database apply each migration exactly once")
    func concurrentRunsAreSerialised() throws {
        let url = try TestPostgres.shared.makeDatabase()
        let migrations = try (1...5).map { try migration($0, "SELECT pg_sleep(0.05); CREATE TABLE baton_race_\($0) (id int);") }
        let results = ConcurrentResults()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                results.append(
                    Result { () throws -> Int in
                        let connection = try PostgresConnection(url)
                        defer { connection.close() }
                        return try Migrator(migrations: migrations).migrate(on: connection).count
                    })
            }
        }
        group.wait()
        let counts = try results.values.map { try $0.get() }
        #expect(counts.sorted() == [0, 5])
        #expect(try appliedCount(PostgresConnection(url)) == 5)
    }
}

/// Results handed back from racing threads.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Int, any Error>] = []

    func append(_ result: Result<Int, any Error>) { lock.withLock { results.append(result) } }
    var values: [Result<Int, any Error>] { lock.withLock { results } }
}
