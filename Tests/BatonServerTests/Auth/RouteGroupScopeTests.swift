import BatonCore
import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Route groups over HTTP")
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
        ("GET", "/metrics", "/metrics", .metricsRead),
        ("POST", "/v1/redemptions", "/v1/redemptions", .redemptionsWrite),
        ("GET", "/admin", "/admin", .metricsRead),
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
            let isAdmin = route.path == "/admin"
            client.apiKey = nil
            let body: Data? = route.method == "POST" ? Data("{}".utf8) : nil
            let anonymous = try client.send(route.method, route.path, body: body)
            #expect(anonymous.status == 401, "\(route.method) \(route.path)")
            let others = Set(Scope.allCases).subtracting([route.scope, .admin])
            let key = try app.makeKey(others)
            let headers = isAdmin ? [("Authorization", "Basic " + Data("ops:\(key)".utf8).base64EncodedString())] : []
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
