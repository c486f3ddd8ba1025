import Foundation
import HTTP

/// `GET /openapi.json`: the OpenAPI 3.1 document of every route, public.
struct OpenAPIRoutes {
    /// Registers the document's route; call it after every other route is
    /// registered, since the document is built from `router` as it then
    /// stands, this route included.
    func register(on router: inout Router) {
        var finished = router
        finished.get("/openapi.json", operation: .openAPI) { _ in Response(status: 500) }
        let body = Data(OpenAPIDocument.json(for: finished.registrations).utf8)
        router.get("/openapi.json", operation: .openAPI) { _ in
            Response(
                status: 200,
                headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "public, max-age=300")]),
                body: body)
        }
    }
}
