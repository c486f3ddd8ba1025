import BatonCore
import HTTP
import Telemetry

/// `GET /metrics` in the Prometheus text format.
///
/// On the main listener it needs an API key with `metrics:read` (the main
/// listener usually faces the internet, where request and rejection counts
/// are nobody's business); Prometheus sends it with `authorization:
/// credentials`. With `BATON_METRICS_LISTEN` set, `/metrics` is served only
/// on that address, without authentication: bind it to a private interface.
struct MetricsRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.metricsRead)) { group in
            group.get("/metrics", operation: .prometheusMetrics) { _, _ in Self.scrape(app.metrics) }
        }
    }

    /// A router serving `metrics` without authentication, for a private
    /// metrics listener (`baton serve` and `baton worker`), with `/healthz`
    /// answering from `health` when given.
    static func unauthenticatedRouter(_ metrics: BatonMetrics, health: (@Sendable () -> Bool)? = nil) -> Router {
        var router = Router()
        router.get("/metrics") { _ in scrape(metrics) }
        if let health {
            router.get("/healthz") { _ in health() ? .text("ok\n") : .text("unresponsive\n", status: 503) }
        }
        return router
    }

    static func scrape(_ metrics: BatonMetrics) -> Response {
        var response = Response.text(metrics.exposition())
        response.headers.set("Content-Type", ExpositionFormat.contentType)
        return response
    }
}
