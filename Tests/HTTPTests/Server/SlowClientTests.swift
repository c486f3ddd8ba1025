import Foundation
import HTTP
import HTTPTestSupport
import Synchronization
import Testing

/// Clients that keep a connection busy by sending a little, often: each
/// byte resets the idle timeout, so only deadlines on the whole request head
/// and a minimum body rate cut them.
@Suite("Slow clients", .timeLimit(.minutes(10)))
struct SlowClientTests {
    /// Sends `prefix`, then one byte of `filler` every `interval` until the
    /// server closes the connection or `limit` passes; returns how long the
    /// server let it go on, nil when it never closed.
    static func trickle(
        _ prefix: String, filler: UInt8 = UInt8(ascii: "a"), every interval: Duration = .milliseconds(200), to server: TestServer,
        limit: Duration = .seconds(8)
    ) throws -> Duration? {
        let connection = try server.connect()
        try connection.send(prefix)
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            if connection.isReadable(within: interval) { return connection.waitForClose() ? ContinuousClock.now - started : nil }
            guard (try? connection.send([filler])) != nil else { return ContinuousClock.now - started }
        }
        return nil
    }

    static func makeServer(_ configure: @escaping (inout ServerConfiguration) -> Void) throws -> TestServer {
        try TestServer(configure: configure) { router in
            router.get("/ping") { _ in .text("pong") }
            router.post("/echo", options: RouteOptions(maxBodyBytes: 1 << 20, acceptedContentTypes: nil)) { .text(String($0.body.count)) }
        }
    }

    @Test("a request line trickled a byte at a time is cut after the connection timeout, not kept forever")
    func trickledRequestLineIsCut() throws {
        let server = try Self.makeServer { $0.connectionTimeoutSeconds = 2 }
        let lasted = try Self.trickle("GET /ping?q=", to: server)
        #expect(lasted.map { $0 >= .seconds(1) && $0 < .seconds(5) } == true, "lasted \(String(describing: lasted))")
    }

    @Test("headers trickled a byte at a time are cut at the request head deadline")
    func trickledHeadersAreCut() throws {
        let server = try Self.makeServer {
            $0.connectionTimeoutSeconds = 30
            $0.requestHeadTimeoutSeconds = 2
        }
        let lasted = try Self.trickle("GET /ping HTTP/1.1\r\nHost: x\r\nX-Slow: ", to: server)
        #expect(lasted.map { $0 >= .seconds(1) && $0 < .seconds(5) } == true, "lasted \(String(describing: lasted))")
    }

    @Test("a body sent slower than the minimum rate is cut; the same body at full speed is read")
    func slowBodyIsCut() throws {
        let server = try Self.makeServer {
            $0.requestHeadTimeoutSeconds = 1
            $0.minBodyBytesPerSecond = 100
        }
        // At 5 bytes a second the body falls behind 100 bytes a second as soon as its 1 s allowance is spent.
        let head = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n"
        let lasted = try Self.trickle(head, to: server, limit: .seconds(6))
        #expect(lasted.map { $0 < .seconds(4) } == true, "lasted \(String(describing: lasted))")
        let body = String(repeating: "b", count: 100_000)
        let response = try server.send(server.request("POST", "/echo", body: body))
        #expect(response.text == "100000")
    }

    @Test("a keep-alive connection idle between requests still lasts the connection timeout, and serves the next request")
    func idleKeepAliveIsKept() throws {
        let server = try Self.makeServer {
            $0.connectionTimeoutSeconds = 3
            $0.requestHeadTimeoutSeconds = 1
        }
        let connection = try server.connect()
        try connection.send(server.request("GET", "/ping"))
        #expect(try connection.readResponse().status == 200)
        #expect(!connection.isReadable(within: .milliseconds(1500)), "not cut at the head deadline while idle")
        try connection.send(server.request("GET", "/ping"))
        #expect(try connection.readResponse().status == 200)
    }
}
