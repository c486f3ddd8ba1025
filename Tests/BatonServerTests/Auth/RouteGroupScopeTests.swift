import BatonCore
import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Route groups over HTTP", .timeLimit(.minutes(10)))
struct RouteGroupScopeTests {
    /// Every guarded route of the router with a request that reaches it
    /// (each path parameter `1`: the guard answers before any handler reads
    /// it) and the scope it needs: its guard's first requirement's, or
    /// `admin` for an admin session (only an admin key opens one).
    static let guarded: [(method: String, path: String, pattern: String, scope: Scope?)] =
        ServedOpenAPI.router.registrations.filter(\.isGuarded).map { route in
            let path = route.pattern.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(":") ? "1" : String($0) }.joined(separator: "/")
            return (route.method, path, route.pattern, scope(of: route.accepts.first))
        }

    static func scope(of requirement: GuardRequirement?) -> Scope? {
        guard let requirement else { return nil }
        guard let scope = requirement.scopes.first else { return requirement.scheme == "adminSession" ? .admin : nil }
        return Scope(rawValue: scope)
    }

    let app: TestApp
    let client: HTTPTestClient

    init() throws {
        (app, client) = try TestApp.withClient(rateLimited: false)
    }

    @Test("every route the router guards needs a scope the API knows, and the served router guards the same routes")
    func everyGuardedRouteNamesAScope() {
        #expect(Self.guarded.count > 30, "the router reported \(Self.guarded.count) guarded routes")
        for route in Self.guarded { #expect(route.scope != nil, "\(route.method) \(route.pattern): its guard names no known scope") }
        let served = app.app.makeRouter().guardedRoutes.map { "\($0.method) \($0.pattern)" }
        #expect(Set(served) == Set(Self.guarded.map { "\($0.method) \($0.pattern)" }))
    }

    @Test("a guarded route answers 401 without a key and 403 with a key lacking its scope")
    func everyGroupNeedsItsScope() throws {
        for route in Self.guarded {
            let scope = try #require(route.scope, "\(route.method) \(route.pattern)")
            // The admin pages take Basic auth (or a session) and forms.
            let isAdmin = route.path.hasPrefix("/admin")
            client.apiKey = nil
            let body: Data? = ["POST", "PATCH"].contains(route.method) ? Data((isAdmin ? "" : "{}").utf8) : nil
            let form = isAdmin ? [("Content-Type", "application/x-www-form-urlencoded")] : []
            let anonymous = try client.send(route.method, route.path, headers: form, body: body)
            #expect(anonymous.status == 401, "\(route.method) \(route.path)")
            let others = Set(Scope.allCases).subtracting([scope, .admin])
            let key = try app.makeKey(others)
            let headers = isAdmin ? [("Authorization", "Basic " + Data("ops:\(key)".utf8).base64EncodedString())] + form : []
            client.apiKey = isAdmin ? nil : key
            let wrongScope = try client.send(route.method, route.path, headers: headers, body: body)
            #expect(wrongScope.status == 403, "\(route.method) \(route.path)")
            if !isAdmin { #expect(wrongScope.errorDetails["required_scope"] as? String == scope.rawValue) }
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
