import BatonCore
import HTTP

/// `GET /v1/events?after=&type=&limit=` (scope `events:read`): the event
/// feed, the webhook bodies (their signed bytes) oldest first after an opaque cursor, for a
/// backend that polls or that missed deliveries (`EventFeed` says why the
/// order never skips an event). 400 `invalid_cursor` or `invalid_parameter`
/// before any database work.
struct EventRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(app.requiring(.eventsRead)) { group in
            group.get("/v1/events", operation: .listEvents) { request, _ in try list(request) }
        }
    }

    private func list(_ request: Request) throws -> Response {
        let query = try EventFeed.Query(
            after: request.queryValue("after"), type: request.queryValue("type"), limit: request.queryValue("limit"))
        let page = try app.withConnection { try EventFeed.page(query, on: $0) }
        return .json(encoded: page.json())
    }
}
