import BatonCore
import HTTP

/// `GET /healthz` (the process answers) and `GET /readyz` (the database is
/// reachable and every migration this binary carries is applied).
struct HealthRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        // Built once: it checksums every embedded migration, which a probe
        // arriving every few seconds should not redo.
        let migrator = Result { () throws(MigrationError) in try Migrator() }
        router.get("/healthz") { _ in .text("ok\n") }
        router.get("/readyz") { _ in try ready(migrator.get()) }
    }

    private func ready(_ migrator: Migrator) throws -> Response {
        let current = try app.withConnection { try migrator.isCurrent(on: $0) }
        guard current else { throw ServiceUnavailable(reason: "migrations_pending") }
        return .text("ready\n")
    }
}
