import Foundation
import Testing

@testable import BatonServer

@Suite("OpenAPI document", .timeLimit(.minutes(10)))
struct OpenAPITests {
    /// `/v1/invites/:id` as OpenAPI writes it: `/v1/invites/{id}`.
    static func openAPIPath(_ pattern: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            .joined(separator: "/")
    }

    static func documentedOperations() throws -> Set<String> {
        let document = ServedOpenAPI.document
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        return Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
    }

    @Test("the document parses, and every route the router registers is in it with its method")
    func routerIsDocumented() throws {
        let app = try TestApp()
        let registered = Set(app.app.makeRouter().registeredRoutes.map { "\($0.method) \(Self.openAPIPath($0.pattern))" })
        let documented = try Self.documentedOperations()
        #expect(
            registered.subtracting(documented).isEmpty, "routes missing from openapi.json: \(registered.subtracting(documented).sorted())")
        #expect(registered.contains("POST /v1/invites/{id}/revoke"))
    }

    @Test("every operation has an id, a summary and at least one response, and every $ref resolves")
    func operationsAreComplete() throws {
        let text = ServedOpenAPI.json
        let document = ServedOpenAPI.document
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        for (path, operations) in paths {
            for (method, operation) in operations {
                #expect(operation["operationId"] is String, "\(method) \(path)")
                #expect(operation["summary"] is String, "\(method) \(path)")
                #expect(((operation["responses"] as? [String: Any])?.count ?? 0) > 0, "\(method) \(path)")
            }
        }
        let components = try #require(document["components"] as? [String: [String: Any]])
        let references = text.components(separatedBy: "\"#/components/").dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(references.count > 10)
        for reference in references {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 2 && components[parts[0]]?[parts[1]] != nil, "unresolved $ref \(reference)")
        }
    }

    @Test("GET /openapi.json serves the document as JSON without a key")
    func servesDocument() throws {
        let app = try TestApp()
        let client = try app.client()
        client.apiKey = nil
        let response = try client.get("/openapi.json")
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(response.body == Data(OpenAPIDocument.json(for: app.app.makeRouter().registrations).utf8))
    }
}

@Suite("OpenAPI document completeness", .timeLimit(.minutes(10)))
struct OpenAPICompletenessTests {
    @Test("every documented operation is served by the router")
    func documentIsServed() throws {
        let app = try TestApp()
        let registered = Set(app.app.makeRouter().registeredRoutes.map { "\($0.method) \(OpenAPITests.openAPIPath($0.pattern))" })
        let missing = try OpenAPITests.documentedOperations().subtracting(registered)
        #expect(missing.isEmpty, "documented but not routed: \(missing.sorted())")
    }
}
