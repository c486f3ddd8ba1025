import BatonCore
import BatonServer
import BatonTestSupport
import Foundation
import HTTP
import Postgres

/// A whole Baton for one test: a fresh migrated database on the shared test
/// cluster, a `BatonApplication` over it, its server on a free loopback port
/// and an admin API key. Shut down when released.
final class TestApp {
    /// The public host the test configuration puts in links.
    static let publicHost = "invites.example.test"

    let app: BatonApplication
    let server: Server
    /// An API key with every scope.
    let adminKey: String

    /// The server's port.
    var port: UInt16 { server.port }

    /// Starts it; `environment` overrides the test settings (`BATON_*`).
    /// `databaseURL` names a database of the test's own (such as a
    /// `PrivateTestCluster`'s, for tests that stop the server); by default
    /// a fresh one on the shared test cluster. `clock` is the app's wall clock;
    /// `logSink` gets the server's log lines (dropped by default).
    init(
        databaseURL: String? = nil, environment overrides: [String: String] = [:], clock: @escaping @Sendable () -> Date = { Date() },
        logSink: any LogSink = DiscardingLogSink(), _ label: String = #fileID
    ) throws {
        // A database of the test's own may be empty; the shared server's
        // copies of the migrated template need no migrating.
        let needsMigration = databaseURL != nil
        let databaseURL = try databaseURL ?? TestPostgres.shared.makeMigratedDatabase(label)
        var environment = [
            "BATON_DATABASE_URL": databaseURL,
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_LISTEN": "127.0.0.1:0",
            "BATON_HTTP_THREADS": "4",
            "BATON_DB_POOL_SIZE": "4",
            "BATON_PUBLIC_BASE_URL": "https://\(Self.publicHost)",
            "BATON_APPLE_TEAM_ID": "ABCDE12345",
            "BATON_APP_BUNDLE_ID": "com.example.family",
            "BATON_CLIP_BUNDLE_ID": "com.example.family.Clip",
            "BATON_APP_STORE_ID": "1234567890",
            // The tests' webhook receivers listen on loopback, as with `baton dev`.
            "BATON_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8,::1/128",
        ]
        environment.merge(overrides) { $1 }
        let configuration = try BatonConfiguration(environment: environment)
        let connection = try PostgresConnection(databaseURL)
        defer { connection.close() }
        if needsMigration { try Migrator().migrate(on: connection) }
        app = BatonApplication(configuration: configuration, clock: clock)
        adminKey = try app.apiKeys.create(name: "test admin", scopes: Set(Scope.allCases), on: connection).0.text
        server = try app.startServer(logSink: logSink)
    }

    deinit {
        _ = server.shutdown(grace: .seconds(1))
        app.close()
    }

    /// A new keep-alive connection, authenticated with `apiKey` (the admin key by default).
    func client(apiKey: String? = nil) throws -> HTTPTestClient {
        try HTTPTestClient(port: port, apiKey: apiKey ?? adminKey)
    }

    /// A new API key with exactly `scopes`.
    func makeKey(_ scopes: Set<Scope>, name: String = "test key") throws -> String {
        try app.withConnection { try app.apiKeys.create(name: name, scopes: scopes, on: $0).0.text }
    }

    /// The single integer `sql` returns, such as a `count(*)`.
    func count(_ sql: String) throws -> Int {
        try withConnection { try $0.query(sql)[0].decode(Int.self, at: 0) }
    }

    /// Runs `body` on a pooled connection, for checking rows behind the API.
    func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try app.withConnection(body)
    }
}

/// Drops access log lines: most tests assert on responses, not on logs.
struct DiscardingLogSink: LogSink {
    func write(line: String) {}
}
