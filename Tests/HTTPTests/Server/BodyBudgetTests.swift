import Foundation
import HTTP
import HTTPTestSupport
import Testing

@Suite("The process-wide budget of request bodies in flight", .timeLimit(.minutes(10)))
struct BodyBudgetTests {
    static let budget = 100_000
    let server: TestServer

    init() throws {
        server = try TestServer(configure: { $0.maxBodyBytesInFlight = Self.budget }) { router in
            router.post("/upload", options: RouteOptions(maxBodyBytes: 80_000, acceptedContentTypes: nil)) { .text(String($0.body.count)) }
        }
    }

    @Test("a body that would pass the budget while another is held gets 503, and fits once the first is done")
    func budgetAcrossConnections() throws {
        let first = try server.connect()
        try first.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n" + String(repeating: "a", count: 1000))
        let second = try server.send(server.request("POST", "/upload", body: String(repeating: "b", count: 60000)))
        #expect(second.status == 503)
        #expect(second.text.contains(#""code":"unavailable""#))
        #expect(second.header("Retry-After") == "1")

        try first.send(String(repeating: "a", count: 59000))
        #expect(try first.readResponse().text == "60000")
        // The room comes back with libmicrohttpd's completion notice, just after the response.
        let deadline = ContinuousClock.now + .seconds(2)
        var third = try server.send(server.request("POST", "/upload", body: String(repeating: "c", count: 60000)))
        while third.status == 503, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            third = try server.send(server.request("POST", "/upload", body: String(repeating: "c", count: 60000)))
        }
        #expect(third.status == 200)
    }

    @Test("a chunked body is counted as it grows and cut off with 503 when it would pass the budget")
    func chunkedBodyCounted() throws {
        let holder = try server.connect()
        try holder.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\nx")
        let connection = try server.connect()
        try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "2710\r\n" + String(repeating: "d", count: 10_000) + "\r\n"
        var sent = 0
        // Within the route's limit (80,000), so only the budget can refuse it;
        // a send failing once the server has answered and closed ends the loop.
        while sent < 80_000, !connection.isReadable(within: .milliseconds(20)), (try? connection.send(chunk)) != nil {
            sent += 10_000
        }
        let response = try connection.readResponse()
        #expect(response.status == 503)
        #expect(response.text.contains(#""code":"unavailable""#))
    }
}
