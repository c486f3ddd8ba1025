import BatonCore
import HTTP
import Postgres

/// `GET /healthz` (the process answers) and `GET /readyz` (the database is
/// reachable, accepts writes, and has every migration this binary carries;
/// no request met a full disk lately, see `RecentOutage`).
struct HealthRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        // Built once: it checksums every embedded migration, which a probe
        // arriving every few seconds should not redo.
        let migrator = Result { () throws(MigrationError) in try Migrator() }
        router.get("/healthz", operation: .health) { _ in .text("ok\n") }
        router.get("/readyz", operation: .readiness) { _ in try ready(migrator.get()) }
    }

    /// Whether the session's transactions are read-only: true on a standby,
    /// or on a primary fenced with `default_transaction_read_only` after a
    /// failover, where every write would fail.
    static let readOnlyQuery = "SELECT current_setting('transaction_read_only') = 'on'"

    private func ready(_ migrator: Migrator) throws -> Response {
        let (current, readOnly) = try app.withConnection { connection in
            (try migrator.isCurrent(on: connection), try connection.query(Self.readOnlyQuery)[0].decode(Bool.self, at: 0))
        }
        guard current else { throw ServiceUnavailable(reason: "migrations_pending") }
        guard !readOnly else { throw ServiceUnavailable(reason: PostgresError.Code.readOnlySQLTransaction.rawValue) }
        if let outage = app.recentOutage.current(at: app.clock()) { throw outage }
        return .text("ready\n")
    }
}
