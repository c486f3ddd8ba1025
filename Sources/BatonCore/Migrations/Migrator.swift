import Foundation
import Postgres

/// Applies the schema migrations in order, each in its own transaction, and
/// records them in `baton.schema_migrations` with their checksums.
///
/// It refuses to run when an applied file changed or is missing from the
/// binary, and holds a session advisory lock while it works, so replicas
/// starting at once apply each migration exactly once.
public struct Migrator: Sendable {
    /// How one migration stands against the database.
    public struct Status: Sendable, Equatable {
        /// Where the migration is.
        public enum State: Sendable, Equatable {
            /// Applied at the given time, file unchanged.
            case applied(Date)
            /// Not applied yet.
            case pending
            /// Applied, and the file differs from what ran.
            case changed
            /// Applied, and this binary has no such file.
            case missing
        }

        /// The migration number.
        public let version: Int
        /// The file name.
        public let fileName: String
        /// Its state.
        public let state: State
    }

    /// The migrations this migrator knows, in version order.
    public let migrations: [Migration]

    /// A migrator for `migrations` (sorted here).
    /// - Throws: `MigrationError.duplicateVersion`.
    public init(migrations: [Migration]) throws(MigrationError) {
        self.migrations = try Migration.ordered(migrations)
    }

    /// A migrator for the migrations compiled into this binary.
    public init() throws(MigrationError) {
        self.migrations = try Migration.embedded()
    }

    /// Every known or recorded migration and its state, by version. Reads
    /// only: a database never migrated shows every migration pending.
    /// - Throws: `MigrationError.database` when the database can't be read.
    public func status(on connection: PostgresConnection) throws(MigrationError) -> [Status] {
        try database { () throws(PostgresError) in
            let exists = try connection.query(Self.bookkeepingExists)[0].decode(Bool.self, "present")
            return Self.statuses(known: migrations, applied: exists ? try applied(on: connection) : [:])
        }
    }

    /// Whether every known migration is applied unchanged and none is missing:
    /// what a server checks before it says it is ready.
    public func isCurrent(on connection: PostgresConnection) throws(MigrationError) -> Bool {
        Self.isCurrent(try status(on: connection))
    }

    /// Whether `statuses` show every migration applied unchanged.
    public static func isCurrent(_ statuses: [Status]) -> Bool {
        statuses.allSatisfy { if case .applied = $0.state { true } else { false } }
    }

    /// Applies every pending migration in order.
    /// - Returns: the migrations applied by this call (empty when current).
    /// - Throws: `MigrationError.changed` / `.missing` before applying
    ///   anything; `.failed` for the migration that failed (rolled back; the
    ///   ones before it stay applied).
    @discardableResult
    public func migrate(on connection: PostgresConnection) throws(MigrationError) -> [Migration] {
        // Lock first: concurrent CREATE … IF NOT EXISTS can still collide in the catalog.
        try database { () throws(PostgresError) in
            try connection.query(Self.lock)
            try connection.runScript(Self.bookkeeping)
        }
        defer { _ = try? connection.query(Self.unlock) }
        let current = try database { () throws(PostgresError) in try applied(on: connection) }
        let statuses = Self.statuses(known: migrations, applied: current)
        if let refused = statuses.first(where: { $0.state == .changed || $0.state == .missing }) {
            throw refused.state == .changed
                ? .changed(version: refused.version, fileName: refused.fileName)
                : .missing(version: refused.version, fileName: refused.fileName)
        }
        let pending = migrations.filter { current[$0.version] == nil }
        for migration in pending {
            do {
                try connection.transaction { connection in
                    try connection.runScript(migration.sql)
                    try connection.query(Self.record, [migration.version, migration.fileName, migration.checksum])
                }
            } catch {
                // The body throws only PostgresError; anything else would be a bug upstream.
                throw .failed(
                    version: migration.version, fileName: migration.fileName, error as? PostgresError ?? PostgresError(.serverError))
            }
        }
        return pending
    }

    private struct Applied {
        let fileName: String
        let checksum: String
        let appliedAt: Date
    }

    private func applied(on connection: PostgresConnection) throws(PostgresError) -> [Int: Applied] {
        var result: [Int: Applied] = [:]
        for row in try connection.query(Self.list) {
            result[Int(try row.decode(Int64.self, "version"))] = Applied(
                fileName: try row.decode(String.self, "file_name"),
                checksum: try row.decode(String.self, "checksum"),
                appliedAt: try row.decode(Date.self, "applied_at")
            )
        }
        return result
    }

    private static func statuses(known: [Migration], applied: [Int: Applied]) -> [Status] {
        var statuses = known.map { migration -> Status in
            guard let record = applied[migration.version] else {
                return Status(version: migration.version, fileName: migration.fileName, state: .pending)
            }
            let state: Status.State = record.checksum == migration.checksum ? .applied(record.appliedAt) : .changed
            return Status(version: migration.version, fileName: migration.fileName, state: state)
        }
        let knownVersions = Set(known.map(\.version))
        statuses += applied.filter { !knownVersions.contains($0.key) }.map {
            Status(version: $0.key, fileName: $0.value.fileName, state: .missing)
        }
        return statuses.sorted { $0.version < $1.version }
    }

    private func database<T>(_ body: () throws(PostgresError) -> T) throws(MigrationError) -> T {
        do { return try body() } catch { throw .database(error) }
    }

    /// Created before anything else, so it can't itself be a migration.
    static let bookkeeping = """
        CREATE SCHEMA IF NOT EXISTS baton;
        CREATE TABLE IF NOT EXISTS baton.schema_migrations (
            version     integer PRIMARY KEY,
            file_name   text NOT NULL,
            checksum    text NOT NULL,
            applied_at  timestamptz NOT NULL DEFAULT now()
        );
        """
    static let bookkeepingExists = PostgresStatement(
        name: "migrator_bookkeeping_exists", sql: "SELECT to_regclass('baton.schema_migrations') IS NOT NULL AS present"
    )
    /// An arbitrary constant shared by every Baton replica: the migration lock's key.
    static let lock = PostgresStatement(name: "migrator_lock", sql: "SELECT pg_advisory_lock(7420196611)")
    static let unlock = PostgresStatement(name: "migrator_unlock", sql: "SELECT pg_advisory_unlock(7420196611)")
    static let list = PostgresStatement(
        name: "migrator_list",
        sql: "SELECT version::int8 AS version, file_name, checksum, applied_at FROM baton.schema_migrations ORDER BY version"
    )
    static let record = PostgresStatement(
        name: "migrator_record",
        sql: "INSERT INTO baton.schema_migrations (version, file_name, checksum) VALUES ($1::int4, $2, $3)"
    )
}
