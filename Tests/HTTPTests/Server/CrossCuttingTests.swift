import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Headers every response carries", .timeLimit(.minutes(10)))
struct CrossCuttingTests {
    static func makeServer(trustedProxies: [String] = []) throws -> TestServer {
        let proxies = try #require(TrustedProxies(trustedProxies))
        return try TestServer(configure: { $0.trustedProxies = proxies }) { router in
            router.get("/api") { try .json(["client": $0.clientAddress, "peer": $0.peerAddress]) }
            router.get("/page") { _ in .html("<p>hi</p>") }
        }
    }

    private func client(_ response: RawConnection.Response) throws -> String? {
        try JSONDecoder().decode([String: String].self, from: response.body)["client"]
    }

    @Test("an API response carries X-Request-Id, Server, Date and Cache-Control: no-store")
    func apiHeaders() throws {
        let response = try Self.makeServer().get("/api")
        #expect(response.header("Server") == "Baton")
        #expect(response.header("Date")?.hasSuffix("GMT") == true)
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("X-Request-Id")?.count == 32)
        #expect(response.header("Content-Security-Policy") == nil)
    }

    @Test("an HTML response carries the security headers")
    func htmlHeaders() throws {
        let response = try Self.makeServer().get("/page")
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(response.header("Referrer-Policy") == "no-referrer")
        #expect(response.header("X-Frame-Options") == "DENY")
    }

    @Test("a sane incoming request id is echoed")
    func requestIDKept() throws {
        let response = try Self.makeServer().get("/api", headers: ["X-Request-Id: trace-1.2:abc_D"])
        #expect(response.header("X-Request-Id") == "trace-1.2:abc_D")
    }

    @Test(
        "an unsafe or oversized incoming request id is replaced",
        arguments: ["a b", "id<script>", String(repeating: "a", count: 129), "caf\u{E9}", ""]
    )
    func requestIDReplaced(incoming: String) throws {
        let response = try Self.makeServer().get("/api", headers: ["X-Request-Id: \(incoming)"])
        let id = try #require(response.header("X-Request-Id"))
        #expect(id != incoming)
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
    }

    @Test("without trusted proxies the TCP peer is the client, whatever X-Forwarded-For says")
    func untrustedForwardedFor() throws {
        let response = try Self.makeServer().get("/api", headers: ["X-Forwarded-For: 203.0.113.7"])
        #expect(try client(response) == "127.0.0.1")
    }

    @Test("behind a trusted proxy the nearest untrusted forwarded address is the client")
    func trustedForwardedFor() throws {
        let server = try Self.makeServer(trustedProxies: ["127.0.0.1", "10.0.0.2"])
        let response = try server.get("/api", headers: ["X-Forwarded-For: 198.51.100.1, 203.0.113.7, 10.0.0.2"])
        #expect(try client(response) == "203.0.113.7")
    }

    @Test("a trusted CIDR range covers its proxies, and a forwarded hop inside it is skipped like a proxy")
    func trustedRange() throws {
        let server = try Self.makeServer(trustedProxies: ["127.0.0.0/8", "10.0.0.0/24"])
        let response = try server.get("/api", headers: ["X-Forwarded-For: 203.0.113.7, 10.0.0.9"])
        #expect(try client(response) == "203.0.113.7")
    }

    @Test("a trusted proxy written in a long IPv6 form matches the peer's short form")
    func trustedLongIPv6Form() throws {
        let proxies = try #require(TrustedProxies(["0:0:0:0:0:0:0:1"]))
        let server = try TestServer(configure: {
            $0.host = "::1"
            $0.trustedProxies = proxies
        }) { router in
            router.get("/api") { try .json(["client": $0.clientAddress, "peer": $0.peerAddress]) }
        }
        let connection = try RawConnection(port: server.port, host: "::1")
        try connection.send(server.request("GET", "/api", headers: ["X-Forwarded-For: 2001:db8::7"]))
        #expect(try client(connection.readResponse()) == "2001:db8::7")
    }

    @Test("a forwarded entry that is not an IP address stops the walk at the last good hop")
    func forgedForwardedFor() throws {
        let server = try Self.makeServer(trustedProxies: ["127.0.0.1"])
        let response = try server.get("/api", headers: ["X-Forwarded-For: 203.0.113.7, evil"])
        #expect(try client(response) == "127.0.0.1")
    }
}
