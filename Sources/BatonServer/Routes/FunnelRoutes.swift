import BatonCore
import HTTP
import Journey

/// `GET /v1/metrics/funnel?from=&to=&interval=&family_id=&group_by=&top=&view=`
/// (scope `metrics:read`): the redemption funnel in UTC buckets, read from
/// the rollups plus the live tail of events, and the journey's stages from
/// the stage marks. `from`/`to` are RFC 3339 date-times (default: the last 7
/// days) widened to whole buckets; `interval` is `hour`, `day` (default) or
/// `week`; `group_by` is `source`, `campaign`, `inviter` or `family`, of
/// which the `top` (1-100, default 10) groups are answered and the rest
/// summed as "other"; `view` is `flow` (default) or `cohort`. 400
/// `invalid_parameter`, `invalid_range`, `range_too_large` (over 5,000
/// buckets), `invalid_group_by` or `invalid_view`, and 422
/// `report_too_large` (over `BATON_REPORT_MAX_CELLS` cells), before any
/// database work; 503 `report_timeout` when a statement runs past
/// `BATON_REPORT_STATEMENT_TIMEOUT_MS`.
struct FunnelRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.metricsRead)) { group in
            group.get("/v1/metrics/funnel", operation: .getFunnel) { request, _ in try report(request) }
        }
    }

    private func report(_ request: Request) throws -> Response {
        let query = try JourneyQuery.parse(
            from: request.queryValue("from"), to: request.queryValue("to"),
            interval: request.queryValue("interval"), familyID: request.queryValue("family_id"),
            groupBy: request.queryValue("group_by"), view: request.queryValue("view"), top: request.queryValue("top"), now: app.clock()
        )
        return try .json(app.withConnection { try FunnelStore.report(query, limits: app.configuration.reports, on: $0) })
    }
}
