import BatonCore
import BatonLinks
import HTTP

/// `POST /v1/invocations {"url"}` (public): the App Clip sends the URL it was
/// launched with; a valid invite link gets the preview answer, anything else
/// 422 `invalid_invocation` with the failed check and the value as written.
struct InvocationRoutes {
    let app: BatonApplication

    struct Body: Decodable {
        let url: String
    }

    func register(on router: inout Router) {
        router.group(middleware: [app.countingRejections, app.limiting(.invocation)]) { group in
            group.post("/v1/invocations", operation: .resolveInvocation, options: RouteOptions(maxBodyBytes: 8 * 1024)) { request, _ in
                let (invocation, url) = try Self.invocation(in: request, limits: limits)
                return try app.previewResponse(invocation.credential, source: url, request: request)
            }
        }
    }

    /// The body's URL, validated: everything the route checks before the
    /// database (no rate limit either), so the fuzzer runs it as is.
    /// - Throws: 400/415 for the body, 422 `invalid_invocation`.
    static func invocation(in request: Request, limits: InvocationLimits) throws -> (invocation: Invocation, url: String) {
        let body = try request.decodeJSON(Body.self)
        do throws(InvocationError) {
            return (try Invocation(url: body.url, limits: limits), body.url)
        } catch {
            throw InvalidInvocation(error: error)
        }
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
