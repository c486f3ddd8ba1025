import Foundation
import HTTP

/// `GET /openapi.json`: the checked-in OpenAPI 3.1 document, public.
struct OpenAPIRoutes {
    func register(on router: inout Router) {
        let body = Data(OpenAPIDocument.json.utf8)
        router.get("/openapi.json") { _ in
            Response(
                status: 200,
                headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "public, max-age=300")]),
                body: body)
        }
    }
}
