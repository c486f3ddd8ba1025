import Foundation
import HTTPTestSupport
import Testing

@Suite("Connection limits from the configuration", .timeLimit(.minutes(10)))
struct ConnectionLimitTests {
    @Test("BATON_HTTP_MAX_CONNECTIONS_PER_CLIENT bounds the connections one peer holds")
    func perClientLimitIsASetting() throws {
        let app = try TestApp(environment: ["BATON_HTTP_MAX_CONNECTIONS_PER_CLIENT": "2"])
        let held = try (0..<2).map { _ in
            let connection = try RawConnection(port: app.port)
            try connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            return connection
        }
        let refused = try RawConnection(port: app.port)
        try? refused.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(refused.waitForClose())
        #expect(held.count == 2)
    }
}
