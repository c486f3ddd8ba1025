import BatonCore
import HTTP

/// `GET /healthz` (the process answers) and `GET /readyz` (the database is
/// reachable and every migration this binary carries is applied).
struct HealthRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.get("/healthz") { _ in .text("ok\n") }
        router.get("/readyz") { _ in try ready() }
    }

    private func ready() throws -> Response {
        let current = try app.withConnection { try Migrator().isCurrent(on: $0) }
        guard current else { throw ServiceUnavailable(reason: "migrations_pending") }
        return .text("ready\n")
    }
}
