import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("Connections", .timeLimit(.minutes(10)))
struct ConnectionTests {
    @Test("two requests on one connection are both answered and the connection stays open")
    func keepAliveReuse() throws {
        let server = try TestServer { $0.get("/ping") { _ in .text("pong") } }
        let connection = try server.connect()
        try connection.send(server.request("GET", "/ping"))
        let first = try connection.readResponse()
        try connection.send(server.request("GET", "/ping"))
        let second = try connection.readResponse()
        #expect(first.status == 200 && second.status == 200)
        #expect(first.header("Connection") != "close")
        #expect(!connection.isReadable(within: .milliseconds(50)))
    }

    @Test("a client that stops mid-request is disconnected after the connection timeout")
    func slowClientTimesOut() throws {
        let server = try TestServer(configure: { $0.connectionTimeoutSeconds = 1 }) { $0.get("/ping") { _ in .text("pong") } }
        let connection = try server.connect()
        try connection.send("GET /ping HTTP/1.1\r\nHost: x\r\n")
        let started = ContinuousClock.now
        #expect(connection.waitForClose())
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(500) && waited < .seconds(4))
    }

    @Test("the server listens on IPv6 loopback when configured with ::1")
    func ipv6() throws {
        let server = try TestServer(configure: { $0.host = "::1" }) { $0.get("/ping") { .text($0.clientAddress) } }
        let connection = try RawConnection(port: server.port, host: "::1")
        try connection.send(server.request("GET", "/ping"))
        #expect(try connection.readResponse().text == "::1")
    }

    @Test("a host that is not an IP literal is refused with invalid_address")
    func badHost() {
        #expect(throws: ServerError.self) {
            _ = try Server(router: Router(), configuration: ServerConfiguration(host: "localhost", port: 0))
        }
    }

    @Test("a port already in use is refused with listen_failed")
    func portInUse() throws {
        let first = try TestServer { $0.get("/ping") { _ in .text("pong") } }
        #expect {
            _ = try Server(router: Router(), configuration: ServerConfiguration(host: "127.0.0.1", port: first.port))
        } throws: { ($0 as? ServerError)?.code == "listen_failed" }
    }

    /// Two open keep-alive connections to `server`, each having been served.
    private func holdTwo(_ server: TestServer) throws -> [RawConnection] {
        try (0..<2).map { _ in
            let connection = try server.connect()
            try connection.send(server.request("GET", "/ping"))
            _ = try connection.readResponse()
            return connection
        }
    }

    @Test("a connection past the per-client limit is closed at once")
    func perClientLimit() throws {
        let server = try TestServer(configure: { $0.maxConnectionsPerClient = 2 }) { $0.get("/ping") { _ in .text("pong") } }
        let held = try holdTwo(server)
        let refused = try server.connect()
        try? refused.send(server.request("GET", "/ping"))
        #expect(refused.waitForClose())
        #expect(held.count == 2)
    }

    @Test("past the global limit a connection waits until another closes")
    func globalLimit() throws {
        // libmicrohttpd divides the global limit among pool threads.
        let server = try TestServer(configure: {
            $0.threadPoolSize = 1
            $0.maxConnections = 2
        }) {
            $0.get("/ping") { _ in .text("pong") }
        }
        var held = try holdTwo(server)
        let waiting = try server.connect()
        try waiting.send(server.request("GET", "/ping"))
        #expect(!waiting.isReadable(within: .milliseconds(300)))
        held.removeFirst()
        #expect(try waiting.readResponse().status == 200)
    }

    @Test("a pre-bound listening socket is taken over")
    func listenSocket() throws {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0 && listen(socket, 16) == 0)
        let server = try TestServer(configure: { $0.listenSocket = socket }) { $0.get("/ping") { _ in .text("pong") } }
        #expect(try server.get("/ping").text == "pong")
    }
}
