import Foundation
import PostgresLauncher
import Synchronization

/// The PostgreSQL server the tests of one process share: a throwaway
/// embedded cluster (fsync off) started on first use and removed at exit, or
/// the server named by `BATON_TEST_DATABASE_URL` when that is set. Before
/// starting its own it removes those of killed runs (``StaleTestClusters``).
///
/// Each suite asks for a database of its own with ``makeDatabase(_:)`` so
/// suites running in parallel never see each other's rows.
public final class TestPostgres: Sendable {
    /// The one instance per test process.
    public static let shared = TestPostgres()

    private enum Server {
        case embedded(EmbeddedPostgres, directory: URL)
        case external(String)
    }

    private let server: Result<Server, EmbeddedPostgresError>
    private let databaseCount = Mutex(0)

    private init() {
        if let url = ProcessInfo.processInfo.environment["BATON_TEST_DATABASE_URL"], !url.isEmpty {
            server = .success(.external(url))
            return
        }
        StaleTestClusters.reap()
        let directory = StaleTestClusters.directory(prefix: "baton-test-")
        server = Result { () throws(EmbeddedPostgresError) -> Server in
            // The whole suite's parallel TestApps (a pool, a wake-up, flushers
            // and listeners each) passed 200 connections, and got connection_failed.
            let cluster = try EmbeddedPostgres(.init(dataDirectory: directory, durable: false, maxConnections: 500))
            try cluster.start()
            return .embedded(cluster, directory: directory)
        }
        atexit(stopSharedTestCluster)
    }

    /// Creates a new, empty database and returns a libpq connection string for it.
    /// `label` only makes the name readable in server logs.
    /// - Throws: the cluster's start failure, or `createdb`'s.
    public func makeDatabase(_ label: String = #fileID) throws -> String {
        let name = nextDatabaseName(label)
        switch try server.get() {
        case .embedded(let cluster, _):
            try cluster.createDatabase(name)
        case .external(let url):
            let binaries = try PostgresBinaries.locate()
            let outcome = try Subprocess(binaries.path("createdb"), ["--maintenance-db=\(url)", name]).run()
            guard outcome.succeeded else {
                throw EmbeddedPostgresError.toolFailed(tool: "createdb", status: outcome.status, output: outcome.output)
            }
        }
        return try connectionString(database: name)
    }

    /// A new database name, unique in this process; `label` only makes it
    /// readable in server logs.
    func nextDatabaseName(_ label: String) -> String {
        let number = databaseCount.withLock { count in
            count += 1
            return count
        }
        let slug = label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(40)
        return "t\(number)_" + String(slug)
    }

    /// A connection string for a database that is not a test's own (the
    /// server's maintenance database), from which `CREATE DATABASE` runs.
    func maintenanceConnectionString() throws -> String {
        switch try server.get() {
        case .embedded(let cluster, _): cluster.connectionString(database: "postgres")
        case .external(let url): url
        }
    }

    /// `database` in this process's server, as a connection string.
    func connectionString(database: String) throws -> String {
        switch try server.get() {
        case .embedded(let cluster, _): cluster.connectionString(database: database)
        case .external(let url): Self.replacingDatabase(in: url, with: database)
        }
    }

    /// A cluster of the calling test's own, for tests that stop or restart
    /// the server: doing that to the shared server would break every other
    /// test running beside them. Removed when the returned value is released.
    /// - Throws: `EmbeddedPostgresError` when it can't be started.
    public static func privateCluster() throws -> PrivateTestCluster {
        try PrivateTestCluster()
    }

    fileprivate func shutDown() {
        guard case .success(.embedded(let cluster, let directory)) = server else { return }
        try? cluster.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `connection` (a URL or key=value conninfo) pointing at database `name` instead.
    public static func replacingDatabase(in connection: String, with name: String) -> String {
        if connection.hasPrefix("postgres://") || connection.hasPrefix("postgresql://"),
            var components = URLComponents(string: connection)
        {
            components.path = "/" + name
            components.queryItems = components.queryItems?.filter { $0.name != "dbname" }
            return components.string ?? connection
        }
        // In a key=value string the last occurrence of a keyword wins.
        return connection + " dbname=" + name
    }
}

private func stopSharedTestCluster() {
    TestPostgres.shared.shutDown()
}

/// A throwaway embedded cluster owned by one test, which may stop, start
/// and restart it at will; stopped and deleted when released.
public final class PrivateTestCluster: Sendable {
    private let cluster: EmbeddedPostgres
    private let directory: URL

    fileprivate init() throws {
        directory = StaleTestClusters.directory(prefix: "baton-private-")
        cluster = try EmbeddedPostgres(.init(dataDirectory: directory, durable: false))
        try cluster.start()
    }

    deinit {
        try? cluster.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The cluster's Baton database.
    public var connectionString: String { cluster.connectionString }

    /// Stops the server; connections break until ``start()``.
    public func stop() throws { try cluster.stop() }

    /// Starts the server again on the same port and socket.
    public func start() throws { try cluster.start() }

    /// Stops and starts the server, as an operator's restart would.
    public func restart() throws {
        try stop()
        try start()
    }
}
