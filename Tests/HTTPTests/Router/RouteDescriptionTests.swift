import HTTP
import Testing

/// An application's description of a route, as HTTP stores it without reading it.
private struct Summary: RouteDescription {
    let text: String
}

@Suite("Route descriptions", .timeLimit(.minutes(10)))
struct RouteDescriptionTests {
    @Test("a route's description and its guard's requirements come back with its method and pattern")
    func registrationsCarryDescriptions() throws {
        var router = Router()
        let apiKey = GuardRequirement("apiKey", scopes: ["invites:write"])
        let guarded = RouteGuard<Void>(accepting: [apiKey]) { _ in .admit(()) }
        router.group(guarded) { group in
            group.add("POST", "/v1/invites/:id/revoke", documentation: Summary(text: "revoke")) { _, _ in Response() }
        }
        router.add("get", "/healthz", documentation: UndocumentedRoute(reason: "a probe")) { _ in Response() }
        router.get("/plain") { _ in Response() }

        let routes = Dictionary(uniqueKeysWithValues: router.registrations.map { ("\($0.method) \($0.pattern)", $0) })
        let revoke = try #require(routes["POST /v1/invites/:id/revoke"])
        #expect(revoke.isGuarded && revoke.accepts == [apiKey])
        #expect((revoke.documentation as? Summary)?.text == "revoke")
        let health = try #require(routes["GET /healthz"])
        #expect(!health.isGuarded && health.accepts.isEmpty)
        #expect((health.documentation as? UndocumentedRoute)?.reason == "a probe")
        #expect(try #require(routes["GET /plain"]).documentation == nil)
    }
}
