import Foundation
import HTTP
import Testing

@testable import BatonServer

/// The document's `security` of each operation against the guard the router
/// registered the route with: the scopes a caller reads in openapi.json are
/// the ones the code checks.
@Suite("openapi.json security matches the route guards", .timeLimit(.minutes(10)))
struct OpenAPISecurityTests {
    /// Each operation's security requirements, keyed `METHOD /path`; an
    /// operation without its own has the document's.
    static func documentedSecurity() throws -> [String: Set<GuardRequirement>] {
        let document = ServedOpenAPI.document
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        let inherited = document["security"] as? [[String: [String]]] ?? []
        var security: [String: Set<GuardRequirement>] = [:]
        for (path, operations) in paths {
            for (method, operation) in operations {
                let requirements = operation["security"] as? [[String: [String]]] ?? inherited
                let flattened = requirements.flatMap { $0.map { GuardRequirement($0.key, scopes: $0.value) } }
                security["\(method.uppercased()) \(path)"] = Set(flattened)
            }
        }
        return security
    }

    @Test("every guarded route documents exactly the credentials its guard admits, and no public route documents any")
    func securityIsTheGuards() throws {
        let app = try TestApp()
        let router = app.app.makeRouter()
        let documented = try Self.documentedSecurity()
        let guarded = router.guardedRoutes
        #expect(guarded.count > 30, "the router reported \(guarded.count) guarded routes")
        for route in guarded {
            let operation = "\(route.method) \(OpenAPITests.openAPIPath(route.pattern))"
            #expect(
                documented[operation] == Set(route.accepts),
                "\(operation): documented \(documented[operation] ?? []), guard \(route.accepts)")
        }
        let guardedOperations = Set(guarded.map { "\($0.method) \(OpenAPITests.openAPIPath($0.pattern))" })
        for route in router.registeredRoutes {
            let operation = "\(route.method) \(OpenAPITests.openAPIPath(route.pattern))"
            guard !guardedOperations.contains(operation) else { continue }
            #expect(documented[operation]?.isEmpty ?? true, "\(operation) is public but documents \(documented[operation] ?? [])")
        }
    }

    @Test("a scope that differs from the guard's is told apart")
    func aDifferentScopeDiffers() {
        let guardScope = Set([GuardRequirement("apiKey", scopes: ["invites:write"])])
        #expect(guardScope != Set([GuardRequirement("apiKey", scopes: ["invites:read"])]))
        #expect(guardScope != Set([GuardRequirement("apiKey", scopes: ["invites:write"]), GuardRequirement("redeemerJWT")]))
    }
}
