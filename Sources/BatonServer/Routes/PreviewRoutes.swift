import BatonCore
import HTTP

/// `GET /v1/invites/{credential}/preview` (public): what the App Clip shows,
/// and the MAC'd handoff it stores. The credential is a link token or a
/// typed code in any accepted spelling. Registered beside the invite routes'
/// `GET /v1/invites/:id`, which has one segment fewer, so both coexist.
struct PreviewRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        router.group(middleware: [app.countingRejections]) { group in
            group.get("/v1/invites/:credential/preview", operation: .previewInvite) { request, _ in
                let client = RateSubject.client(address: request.clientAddress)
                let credential = try app.credential(request.parameter("credential") ?? "", for: client)
                return try app.previewResponse(credential, source: app.source(of: credential), request: request)
            }
        }
    }
}
