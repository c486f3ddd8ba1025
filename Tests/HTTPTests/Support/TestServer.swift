import Foundation
import HTTP
import HTTPTestSupport
import Synchronization

/// Collects log lines in memory.
final class CapturingLogSink: LogSink {
    private let lines = Mutex<[String]>([])

    func write(line: String) {
        lines.withLock { $0.append(line) }
    }

    var captured: [String] { lines.withLock { $0 } }

    /// The lines decoded as JSON objects.
    func entries() throws -> [[String: Any]] {
        try captured.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    }

    /// Waits up to a second for `count` lines: completion notices arrive
    /// just after the response is sent.
    func waitFor(count: Int) -> [String] {
        let deadline = ContinuousClock.now + .seconds(2)
        while captured.count < count, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return captured
    }
}

/// A server on a free loopback port with a capturing log sink, shut down
/// when the test ends.
final class TestServer {
    let server: Server
    let log = CapturingLogSink()

    init(configure: (inout ServerConfiguration) -> Void = { _ in }, routes: (inout Router) -> Void) throws {
        var router = Router()
        routes(&router)
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 4, logSink: log)
        configure(&configuration)
        server = try Server(router: router, configuration: configuration)
    }

    deinit { server.shutdown(grace: .seconds(1)) }

    var port: UInt16 { server.port }

    /// Opens a raw connection to the server.
    func connect() throws -> RawConnection { try RawConnection(port: port) }

    /// Sends one request on a fresh connection and reads the response.
    func send(_ request: String, head: Bool = false) throws -> RawConnection.Response {
        let connection = try connect()
        try connection.send(request)
        return try connection.readResponse(head: head)
    }

    /// `GET path` with optional extra header lines.
    func get(_ path: String, headers: [String] = []) throws -> RawConnection.Response {
        try send(request("GET", path, headers: headers))
    }

    /// A request head (and body) as raw text.
    func request(_ method: String, _ path: String, headers: [String] = [], body: String? = nil) -> String {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: localhost"] + headers
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }
}
