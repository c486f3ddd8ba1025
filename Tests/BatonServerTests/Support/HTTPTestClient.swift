import Foundation
import HTTPTestSupport

/// A blocking HTTP/1.1 client over one keep-alive loopback socket, for tests
/// that talk to a real `Server`. One client is one connection at a time (it
/// reconnects after a response with `Connection: close`, as the server sends
/// after an error to a request with a body): use one per thread when
/// requests must run at the same time.
final class HTTPTestClient {
    /// A response, with the API's JSON helpers added below.
    typealias Response = RawConnection.Response

    private let port: UInt16
    private let timeout: Duration
    private var connection: RawConnection
    /// Sent as `Authorization: Bearer <key>` unless a request overrides it.
    var apiKey: String?

    /// Connects to `127.0.0.1:port`; every read waits at most `timeout`.
    init(port: UInt16, apiKey: String? = nil, timeout: Duration = .seconds(10)) throws {
        self.apiKey = apiKey
        self.port = port
        self.timeout = timeout
        connection = try RawConnection(port: port, timeout: timeout)
    }

    /// `GET path`.
    func get(_ path: String, headers: [(String, String)] = []) throws -> Response {
        try send("GET", path, headers: headers)
    }

    /// `POST path` with `json` (any `JSONSerialization` value) as the body.
    func post(_ path: String, json: Any, headers: [(String, String)] = []) throws -> Response {
        try send("POST", path, headers: headers, body: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
    }

    /// Sends one request and reads its response. The body, when present, is
    /// declared as `application/json` unless `headers` name a `Content-Type`.
    func send(_ method: String, _ path: String, headers: [(String, String)] = [], body: Data? = nil) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        let names = Set(headers.map { $0.0.lowercased() })
        if let apiKey, !names.contains("authorization") { head += "Authorization: Bearer \(apiKey)\r\n" }
        if let body {
            if !names.contains("content-type") { head += "Content-Type: application/json\r\n" }
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + Array(body ?? Data()))
        let response = try connection.readResponse(head: method == "HEAD")
        if response.header("Connection")?.lowercased() == "close" {
            connection = try RawConnection(port: port, timeout: timeout)
        }
        return response
    }
}

extension RawConnection.Response {
    /// The body as a JSON object; empty when it is not one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// `error.code` of an API error body, or nil.
    var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

    /// `error.details` of an API error body.
    var errorDetails: [String: Any] { (json["error"] as? [String: Any])?["details"] as? [String: Any] ?? [:] }
}
