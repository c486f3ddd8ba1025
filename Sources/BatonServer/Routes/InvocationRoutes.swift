import BatonCore
import BatonLinks
import HTTP

/// `POST /v1/invocations {"url"}` (public): the App Clip sends the URL it was
/// launched with; a valid invite link gets the preview answer, anything else
/// 422 `invalid_invocation` with the failed check and the value as written.
struct InvocationRoutes {
    let app: BatonApplication

    private struct Body: Decodable {
        let url: String
    }

    func register(on router: inout Router) {
        router.post("/v1/invocations", options: RouteOptions(maxBodyBytes: 8 * 1024), handler: app.countingRejections { request in
            try app.limit(.invocation, request: request)
            let body = try request.decodeJSON(Body.self)
            let invocation: Invocation
            do throws(InvocationError) {
                invocation = try Invocation(url: body.url, limits: limits)
            } catch {
                throw InvalidInvocation(error: error)
            }
            return try app.previewResponse(invocation.credential, source: body.url, request: request)
        })
    }

    private var limits: InvocationLimits {
        let links = app.configuration.links
        return InvocationLimits(
            allowedHosts: links.publicHost.map { [$0] } ?? [],
            clipBundleIDs: links.clipBundleID.map { [$0] } ?? [],
            codeLength: links.codeLength
        )
    }
}
