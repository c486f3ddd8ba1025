import Foundation
import HTTP
import Testing

@testable import BatonServer

/// The document is derived from the router: these hold every route to
/// having a description, and each description to its route's guard.
@Suite("OpenAPI operations attached to routes", .timeLimit(.minutes(10)))
struct OpenAPIRouteDescriptionTests {
    /// The codes the HTTP layer may answer on any route before one is
    /// matched (a URI or headers too long) or after a handler fails
    /// unexpectedly: written once in the catalog, not per operation.
    static let codesOfEveryRoute: Set<String> = ["uri_too_long", "headers_too_large", "internal_error"]

    static var routes: [RegisteredRoute] { ServedOpenAPI.router.registrations }

    @Test("every registered route has an OpenAPI operation or a written reason to have none")
    func everyRouteIsDescribed() {
        #expect(Self.routes.count > 40)
        for route in Self.routes {
            let name = "\(route.method) \(route.pattern)"
            switch route.documentation {
            case is OpenAPIOperation: continue
            case let undocumented as UndocumentedRoute: #expect(!undocumented.reason.isEmpty, "\(name): undocumented without a reason")
            default: Issue.record("\(name) is registered without an operation: add operation: to its registration")
            }
        }
    }

    @Test("operation ids are unique across routes")
    func operationIDsAreUnique() {
        let ids = Self.routes.compactMap { ($0.documentation as? OpenAPIOperation)?.id }
        let repeated = Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "repeated operation ids: \(repeated.sorted())")
    }

    @Test("an operation documents the API key refusals exactly when its guard takes an API key")
    func keyRefusalsFollowTheGuard() {
        let refusals = OpenAPISharedResponse.keyed.map(OpenAPIResponse.shared)
        for route in Self.routes {
            guard let operation = route.documentation as? OpenAPIOperation else { continue }
            let name = "\(route.method) \(route.pattern)"
            let takesKey = route.accepts.contains { $0.scheme == "apiKey" }
            let documentsKey = refusals.allSatisfy { refusal in operation.responses.values.contains(refusal) }
            let documentsAny = refusals.dropLast().contains { refusal in operation.responses.values.contains(refusal) }
            if takesKey {
                // redeemInvite writes its own 401 and 403 (they add the JWT's and the invitee's codes).
                let own = ["401", "403"].allSatisfy { if case .own = operation.responses[$0] { true } else { false } }
                #expect(documentsKey || own, "\(name) takes an API key but documents no 401/403 for it")
            } else {
                #expect(!documentsAny, "\(name) takes no API key but documents its refusals")
            }
        }
    }

    @Test("a public route documents no security and a guarded one the requirements of its guard, in its order")
    func securityIsTheGuards() throws {
        let paths = try #require(ServedOpenAPI.document["paths"] as? [String: [String: [String: Any]]])
        for route in Self.routes where route.documentation is OpenAPIOperation {
            let operation = try #require(paths[OpenAPIDocument.path(of: route.pattern)]?[route.method.lowercased()])
            let security = try #require(operation["security"] as? [[String: [String]]])
            let documented = security.flatMap { $0.map { GuardRequirement($0.key, scopes: $0.value) } }
            #expect(documented == route.accepts, "\(route.method) \(route.pattern)")
            #expect(route.isGuarded || documented.isEmpty, "\(route.method) \(route.pattern) is public")
        }
    }

    @Test("every error code of the catalog has an example in some answer, but the HTTP layer's own")
    func everyErrorCodeIsDocumented() {
        var examples: Set<String> = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let error = object["error"] as? [String: Any], let code = error["code"] as? String { examples.insert(code) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(ServedOpenAPI.document)
        let missing = Set(APIErrorCatalog.codes).subtracting(examples).subtracting(Self.codesOfEveryRoute)
        #expect(missing.isEmpty, "codes no answer shows: \(missing.sorted())")
        #expect(examples.isSuperset(of: ["invite_not_found", "insufficient_scope", "invalid_api_key"]))
    }
}
