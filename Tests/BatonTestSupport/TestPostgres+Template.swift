import BatonCore
import Foundation
import Postgres

extension TestPostgres {
    /// The database every migrated test database is copied from: created
    /// and migrated once per test process, on first use (a `static let` is
    /// initialised exactly once, so concurrent suites wait for the one
    /// migration rather than racing it). Its name carries the process id,
    /// so test processes sharing a `BATON_TEST_DATABASE_URL` server keep
    /// their own.
    private static let migratedTemplate = Result { () throws -> String in
        let name = "baton_template_\(getpid())"
        let maintenance = try PostgresConnection(shared.maintenanceConnectionString())
        defer { maintenance.close() }
        // Two calls: several statements in one would be one implicit
        // transaction, which CREATE DATABASE refuses.
        try maintenance.runScript("DROP DATABASE IF EXISTS \(name)")
        try maintenance.runScript("CREATE DATABASE \(name)")
        let connection = try PostgresConnection(shared.connectionString(database: name))
        // Closed before any copy: CREATE DATABASE refuses a template that
        // has a session open.
        defer { connection.close() }
        try Migrator().migrate(on: connection)
        return name
    }

    /// Creates a new database with Baton's schema and returns a libpq
    /// connection string for it: a copy of the process's migrated template
    /// (`CREATE DATABASE … TEMPLATE`), which costs a file copy instead of
    /// running every migration again. `label` only makes the name readable
    /// in server logs.
    /// - Throws: the cluster's start failure, the template's migration
    ///   failure, or `CREATE DATABASE`'s.
    public func makeMigratedDatabase(_ label: String = #fileID) throws -> String {
        let template = try Self.migratedTemplate.get()
        let name = nextDatabaseName(label)
        let maintenance = try PostgresConnection(maintenanceConnectionString())
        defer { maintenance.close() }
        try maintenance.runScript("CREATE DATABASE \(name) TEMPLATE \(template)")
        return try connectionString(database: name)
    }
}
