import BatonJSON
import Foundation
import HTTP
import HTTPTestSupport
import Testing

/// A typed domain error as a handler would throw it.
private struct InviteGone: HTTPErrorConvertible {
    var status: Int { 410 }
    var code: String { "invite_expired" }
    var message: String { "The invite has expired." }
    var details: [String: JSONValue] { ["expired_at": "2026-01-01T00:00:00.000Z"] }
    var responseHeaders: [(name: String, value: String)] { [("Retry-After", "60")] }
}

private struct SecretFailure: Error, CustomStringConvertible {
    var description: String { "password=hunter2" }
}

@Suite("Routing", .timeLimit(.minutes(10)))
struct RoutingTests {
    let server: TestServer

    init() throws {
        server = try TestServer { router in
            router.get("/v1/invites/:id") { .text("invite \($0.parameter("id") ?? "")") }
            router.post("/v1/invites/:id/revoke") { .text("revoked \($0.parameter("id") ?? "")") }
            router.get("/v1/invites/batch") { _ in .text("batch listing") }
            router.get("/gone") { _ in throw InviteGone() }
            router.get("/broken") { _ in throw SecretFailure() }
        }
    }

    private func errorCode(_ response: RawConnection.Response) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }

    @Test("a route parameter reaches the handler decoded")
    func parameterIsDecoded() throws {
        let response = try server.get("/v1/invites/caf%C3%A9")
        #expect(response.status == 200)
        #expect(response.text == "invite café")
    }

    @Test("a literal segment wins over a parameter whatever the registration order")
    func literalBeatsParameter() throws {
        #expect(try server.get("/v1/invites/batch").text == "batch listing")
    }

    @Test("an unknown path gets 404 not_found in the API error shape")
    func unknownPath() throws {
        let response = try server.get("/nope")
        #expect(response.status == 404)
        #expect(try errorCode(response) == "not_found")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test("a known path with another method gets 405 with Allow")
    func wrongMethod() throws {
        let response = try server.send(server.request("DELETE", "/v1/invites/abc"))
        #expect(response.status == 405)
        #expect(try errorCode(response) == "method_not_allowed")
        #expect(response.header("Allow") == "GET, HEAD")
    }

    @Test("HEAD is answered by the GET route with the length and no body")
    func headUsesGet() throws {
        let connection = try server.connect()
        try connection.send(server.request("HEAD", "/v1/invites/abc") + server.request("GET", "/v1/invites/abc"))
        let head = try connection.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "10")
        // The next response on the connection starts right after the head: no body was sent.
        #expect(try connection.readResponse().text == "invite abc")
    }

    @Test("a typed error becomes its status, code, message, details and headers")
    func typedError() throws {
        let response = try server.get("/gone")
        #expect(response.status == 410)
        #expect(response.header("Retry-After") == "60")
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: [String: Any]]
        #expect(object?["error"]?["code"] as? String == "invite_expired")
        #expect(object?["error"]?["message"] as? String == "The invite has expired.")
        #expect((object?["error"]?["details"] as? [String: String])?["expired_at"] == "2026-01-01T00:00:00.000Z")
    }

    @Test("any other error becomes 500 internal_error naming only the request id")
    func untypedError() throws {
        let response = try server.get("/broken", headers: ["X-Request-Id: trace-42"])
        #expect(response.status == 500)
        #expect(try errorCode(response) == "internal_error")
        #expect(response.text.contains("trace-42"))
        #expect(!response.text.contains("hunter2"))
        let line = try #require(server.log.waitFor(count: 1).first)
        #expect(line.contains(#""error_type":"SecretFailure""#))
        #expect(!line.contains("hunter2"))
    }
}
