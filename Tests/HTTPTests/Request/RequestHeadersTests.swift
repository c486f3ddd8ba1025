import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Request headers as a handler sees them", .timeLimit(.minutes(10)))
struct RequestHeadersTests {
    let server: TestServer

    init() throws {
        let proxies = try #require(TrustedProxies(["127.0.0.1"]))
        server = try TestServer(configure: { $0.trustedProxies = proxies }) { router in
            router.get("/echo") { request in
                try .json([
                    "fields": request.headers.map { "\($0.name)=\($0.value)" },
                    "first": [request.headers["x-TAG"] ?? "none"],
                    "all": request.headers.values(for: "X-Tag"),
                    "empty": [request.headers["X-Empty"] ?? "none"],
                    "client": [request.clientAddress],
                ])
            }
        }
    }

    private func echo(_ headers: [String]) throws -> [String: [String]] {
        let response = try server.get("/echo", headers: headers)
        return try JSONDecoder().decode([String: [String]].self, from: response.body)
    }

    @Test("headers arrive in order and as spelled; lookups ignore case; a repeated name keeps every value")
    func lookups() throws {
        let seen = try echo(["X-Tag: a", "x-tag: b", "X-Empty:"])
        #expect(seen["fields"] == ["Host=localhost", "X-Tag=a", "x-tag=b", "X-Empty="])
        #expect(seen["first"] == ["a"])
        #expect(seen["all"] == ["a", "b"])
        #expect(seen["empty"] == [""])
    }

    @Test("a header name differing from a looked-up name only in length is not found")
    func lengthMismatch() throws {
        let seen = try echo(["X-Tags: a", "X-Ta: b"])
        #expect(seen["first"] == ["none"])
        #expect(seen["all"] == [])
    }

    @Test("repeated X-Forwarded-For headers are read as one list, nearest hop last")
    func repeatedForwardedFor() throws {
        let seen = try echo(["X-Forwarded-For: 198.51.100.1", "x-forwarded-for: 203.0.113.7, 127.0.0.1"])
        #expect(seen["client"] == ["203.0.113.7"])
    }
}
