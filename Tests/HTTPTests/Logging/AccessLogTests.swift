import Foundation
import Testing

@testable import HTTP

@Suite("Access log", .timeLimit(.minutes(10)))
struct AccessLogTests {
    @Test("one JSON line per request with the route pattern, not the raw path")
    func lineContent() throws {
        let server = try TestServer { $0.get("/v1/invites/:token") { _ in .text("hello") } }
        let response = try server.get("/v1/invites/SECRET-TOKEN", headers: ["X-Request-Id: req-7"])
        #expect(response.status == 200)
        let lines = server.log.waitFor(count: 1)
        #expect(lines.count == 1)
        #expect(!lines[0].contains("SECRET-TOKEN"))
        let entry = try #require(try server.log.entries().first)
        #expect(entry["msg"] as? String == "request completed")
        #expect(entry["level"] as? String == "info")
        #expect(entry["request_id"] as? String == "req-7")
        #expect(entry["method"] as? String == "GET")
        #expect(entry["route"] as? String == "/v1/invites/:token")
        #expect(entry["status"] as? Int == 200)
        #expect(entry["bytes"] as? Int == 5)
        #expect(entry["client"] as? String == "127.0.0.1")
        #expect((entry["duration_ms"] as? Double).map { $0 >= 0 } == true)
        #expect((entry["ts"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("an unmatched request logs a null route and a warning")
    func unmatched() throws {
        let server = try TestServer { $0.get("/known") { _ in .text("hello") } }
        _ = try server.get("/unknown/path")
        _ = server.log.waitFor(count: 1)
        let entry = try #require(try server.log.entries().first)
        #expect(entry["route"] is NSNull)
        #expect(entry["level"] as? String == "warn")
        #expect(entry["status"] as? Int == 404)
    }

    @Test("hidden characters in logged fields are escaped")
    func escaping() {
        let entry = AccessLogEntry(
            timestamp: Date(timeIntervalSince1970: 0), requestID: "id", method: "GE\u{1B}[31mT\u{202E}",
            route: nil, status: 400, bytes: 0, duration: .milliseconds(1), client: "127.0.0.1",
            outcome: "request completed", failure: nil
        )
        let line = entry.line()
        #expect(!HiddenCharactersProbe.containsHidden(line))
        #expect(line.contains(#""method":"GE\u001B[31mT\u202E""#))
        #expect(line.hasPrefix(#"{"ts":"1970-01-01T00:00:00.000Z","#))
    }
}

/// Checks raw scalars, independent of the code under test.
private enum HiddenCharactersProbe {
    static func containsHidden(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
    }
}
