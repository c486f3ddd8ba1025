import BatonCore
import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Route groups over HTTP", .timeLimit(.minutes(10)))
struct RouteGroupScopeTests {
    /// Every guarded route with a request that reaches it and the scope it needs.
    static let guarded: [(method: String, path: String, pattern: String, scope: Scope)] = [
        ("POST", "/v1/invites", "/v1/invites", .invitesWrite),
        ("POST", "/v1/invites/batch", "/v1/invites/batch", .invitesWrite),
        ("POST", "/v1/invites/\(UUID())/revoke", "/v1/invites/:id/revoke", .invitesWrite),
        ("GET", "/v1/invites", "/v1/invites", .invitesRead),
        ("GET", "/v1/invites/\(UUID())", "/v1/invites/:id", .invitesRead),
        ("PATCH", "/v1/invites/\(UUID())", "/v1/invites/:id", .invitesWrite),
        ("POST", "/v1/invites/\(UUID())/reissue", "/v1/invites/:id/reissue", .invitesWrite),
        ("GET", "/v1/invites/\(UUID())/events", "/v1/invites/:id/events", .invitesRead),
        ("GET", "/v1/metrics/funnel", "/v1/metrics/funnel", .metricsRead),
        ("GET", "/v1/events", "/v1/events", .eventsRead),
        ("GET", "/metrics", "/metrics", .metricsRead),
        ("POST", "/v1/redemptions", "/v1/redemptions", .redemptionsWrite),
        ("GET", "/admin", "/admin", .metricsRead),
        ("POST", "/admin/sign-out", "/admin/sign-out", .admin),
        ("GET", "/admin/invites", "/admin/invites", .admin),
        ("GET", "/admin/invites/\(UUID())", "/admin/invites/:id", .admin),
        ("POST", "/admin/invites/find", "/admin/invites/find", .admin),
        ("POST", "/admin/invites/\(UUID())/revoke", "/admin/invites/:id/revoke", .admin),
        ("POST", "/admin/invites/\(UUID())/extend", "/admin/invites/:id/extend", .admin),
        ("POST", "/admin/invites/\(UUID())/reissue", "/admin/invites/:id/reissue", .admin),
        ("GET", "/admin/webhooks", "/admin/webhooks", .admin),
        ("POST", "/admin/events/\(UUID())/redeliver", "/admin/events/:id/redeliver", .admin),
        ("GET", "/admin/queue", "/admin/queue", .admin),
        ("POST", "/admin/jobs/1/retry", "/admin/jobs/:id/retry", .admin),
        ("POST", "/admin/jobs/1/cancel", "/admin/jobs/:id/cancel", .admin),
        ("GET", "/admin/audit", "/admin/audit", .admin),
        ("GET", "/v1/audit", "/v1/audit", .admin),
        ("DELETE", "/v1/families/fam_1", "/v1/families/:family_id", .admin),
        ("POST", "/v1/webhook-endpoints", "/v1/webhook-endpoints", .webhooksWrite),
        ("PATCH", "/v1/webhook-endpoints/\(UUID())", "/v1/webhook-endpoints/:id", .webhooksWrite),
        ("DELETE", "/v1/webhook-endpoints/\(UUID())", "/v1/webhook-endpoints/:id", .webhooksWrite),
        ("POST", "/v1/webhook-endpoints/\(UUID())/rotate-secret", "/v1/webhook-endpoints/:id/rotate-secret", .webhooksWrite),
        ("POST", "/v1/webhook-endpoints/\(UUID())/test", "/v1/webhook-endpoints/:id/test", .webhooksWrite),
        ("POST", "/v1/events/\(UUID())/redeliver", "/v1/events/:id/redeliver", .webhooksWrite),
        ("GET", "/v1/webhook-endpoints", "/v1/webhook-endpoints", .webhooksRead),
        ("GET", "/v1/webhook-endpoints/\(UUID())", "/v1/webhook-endpoints/:id", .webhooksRead),
        ("GET", "/v1/webhook-endpoints/\(UUID())/deliveries", "/v1/webhook-endpoints/:id/deliveries", .webhooksRead),
    ]

    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    @Test("the table covers every route the router guards, and no public route is guarded")
    func tableCoversEveryGuardedRoute() {
        let routes = app.app.makeRouter().guardedRoutes.map { "\($0.method) \($0.pattern)" }
        #expect(Set(routes) == Set(Self.guarded.map { "\($0.method) \($0.pattern)" }))
        #expect(routes.count == Self.guarded.count)
    }

    @Test("a guarded route answers 401 without a key and 403 with a key lacking its scope")
    func everyGroupNeedsItsScope() throws {
        for route in Self.guarded {
            // The admin pages take Basic auth (or a session) and forms.
            let isAdmin = route.path.hasPrefix("/admin")
            client.apiKey = nil
            let body: Data? = ["POST", "PATCH"].contains(route.method) ? Data((isAdmin ? "" : "{}").utf8) : nil
            let form = isAdmin ? [("Content-Type", "application/x-www-form-urlencoded")] : []
            let anonymous = try client.send(route.method, route.path, headers: form, body: body)
            #expect(anonymous.status == 401, "\(route.method) \(route.path)")
            let others = Set(Scope.allCases).subtracting([route.scope, .admin])
            let key = try app.makeKey(others)
            let headers = isAdmin ? [("Authorization", "Basic " + Data("ops:\(key)".utf8).base64EncodedString())] + form : []
            client.apiKey = isAdmin ? nil : key
            let wrongScope = try client.send(route.method, route.path, headers: headers, body: body)
            #expect(wrongScope.status == 403, "\(route.method) \(route.path)")
            if !isAdmin { #expect(wrongScope.errorDetails["required_scope"] as? String == route.scope.rawValue) }
        }
    }

    @Test("a 6 MB batch without a key is refused 401 from its headers, before any body byte is sent")
    func batchRefusedBeforeBody() throws {
        let connection = try RawConnection(port: app.port)
        try connection.send(
            "POST /v1/invites/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 6000000\r\n\r\n")
        #expect(connection.isReadable(within: .seconds(2)))
        let response = try connection.readResponse()
        #expect(response.status == 401)
        #expect(response.header("WWW-Authenticate") == "Bearer")
    }

    @Test("Expect: 100-continue is not granted to a request without a valid key")
    func noContinueWithoutKey() throws {
        let connection = try RawConnection(port: app.port)
        try connection.send(
            "POST /v1/invites HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer bk_000000000000_0000000000000000000000000000000000000000\r\n"
                + "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        #expect(try connection.readResponse().status == 401)
    }
}
