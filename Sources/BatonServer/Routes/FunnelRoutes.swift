import BatonCore
import HTTP

/// `GET /v1/metrics/funnel?from=&to=&interval=&family_id=` (scope
/// `metrics:read`): the redemption funnel in UTC buckets, read from the
/// rollups plus the live tail of events. `from`/`to` are RFC 3339 date-times
/// (default: the last 7 days) widened to whole buckets; `interval` is
/// `hour`, `day` (default) or `week`. 400 `invalid_parameter`,
/// `invalid_range` or `range_too_large` (over 5,000 buckets) before any
/// database work.
struct FunnelRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.metricsRead)) { group in
            group.get("/v1/metrics/funnel") { request, _ in try report(request) }
        }
    }

    private func report(_ request: Request) throws -> Response {
        let query = try FunnelQuery.parse(
            from: request.queryValue("from"), to: request.queryValue("to"),
            interval: request.queryValue("interval"), familyID: request.queryValue("family_id"), now: app.clock()
        )
        return try .json(app.withConnection { try FunnelStore.report(query, on: $0) })
    }
}
