import BatonClient
import Foundation
import Testing

@testable import BatonServer

@Suite("BatonClient against a running Baton: each refusal arrives as its typed case", .timeLimit(.minutes(10)))
struct BatonClientRefusalTests {
    /// The operations the client calls, as the OpenAPI document names them.
    static let clientOperations: Set<String> = [
        "GET /v1/invites/{credential}/preview", "POST /v1/invocations", "POST /v1/handoffs/validate", "POST /v1/redemptions",
        "POST /v1/invites", "GET /v1/invites/{id}", "POST /v1/invites/{id}/revoke",
    ]

    /// The codes the document's answers of the client's operations name, and
    /// those the HTTP layer may answer to any request before a route is
    /// chosen (`not_found`: no route has the path, as under a wrong base URL).
    static var documentedForClient: Set<String> {
        var codes: Set<String> = ["headers_too_large", "internal_error", "not_found", "uri_too_long"]
        for (name, _, answer) in OpenAPIPrecisionTests.answers where clientOperations.contains(name) {
            let media = (answer["content"] as? [String: Any])?["application/json"] as? [String: Any]
            codes.formUnion((media?["examples"] as? [String: Any] ?? [:]).keys)
        }
        return codes
    }

    /// One Baton at a time: 37 servers at once, each with its pool, would
    /// exhaust the shared test cluster's connections.
    @Test(
        "the server answers the code through the client's route, and the client reads it as its own case", .serialized,
        arguments: ClientProvocation.all)
    func provoked(_ provocation: ClientProvocation) async throws {
        let harness = try ClientHarness(environment: provocation.environment)
        let error = try await provocation.provoke(harness)
        #expect(error?.knownCode == provocation.code, "got \(String(describing: error))")
        if let exactly = provocation.exactly { #expect(error == exactly) }
    }

    @Test("every code the server emits is provoked live or listed with the reason it is not, and the document agrees")
    func everyCodeIsAccountedFor() {
        let provoked = ClientProvocation.all.map(\.code)
        #expect(Set(provoked).count == provoked.count, "a code provoked twice")
        #expect(Set(provoked).isDisjoint(with: ClientProvocation.unprovoked.keys))
        let accounted = Set(provoked.map(\.rawValue)).union(ClientProvocation.unprovoked.keys.map(\.rawValue))
        #expect(accounted == Set(APIErrorCatalog.codes), "not accounted for: \(Set(APIErrorCatalog.codes).subtracting(accounted).sorted())")
        #expect(accounted == Set(BatonError.Code.allCases.map(\.rawValue)))

        let documented = Self.documentedForClient
        for (code, reason) in ClientProvocation.unprovoked {
            if reason == .otherRoutesOnly {
                #expect(!documented.contains(code.rawValue), "\(code.rawValue) is documented for one of the client's operations")
            } else {
                #expect(documented.contains(code.rawValue), "\(code.rawValue) is not documented for the client's operations")
            }
        }
        for code in provoked { #expect(documented.contains(code.rawValue), "\(code.rawValue) is provoked but not documented") }
    }

    @Test("a dead server is a transport failure, transient and never a refusal")
    func deadServer() async throws {
        let dead = BatonClient(baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 5)
        let failure = await refusal { try await dead.preview("ABCDE-FGHJK") }
        guard case .transport = failure else {
            Issue.record("expected a transport failure, got \(String(describing: failure))")
            return
        }
        #expect(failure?.isTransient == true && failure?.code == "server_unreachable")
    }
}
