import Foundation

/// A blocking HTTP/1.1 client over one keep-alive loopback socket, for tests
/// that talk to a real `Server`. One client is one connection at a time (it
/// reconnects after a response with `Connection: close`, as the server sends
/// after an error to a request with a body): use one per thread when
/// requests must run at the same time.
final class HTTPTestClient {
    /// A response with its body parsed on demand.
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data

        /// The first header called `name`, case-insensitively.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object; empty when it is not one.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        /// `error.code` of an API error body, or nil.
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

        /// `error.details` of an API error body.
        var errorDetails: [String: Any] { (json["error"] as? [String: Any])?["details"] as? [String: Any] ?? [:] }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let port: UInt16
    private let timeout: Duration
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    /// Sent as `Authorization: Bearer <key>` unless a request overrides it.
    var apiKey: String?

    /// Connects to `127.0.0.1:port`; every read waits at most `timeout`.
    init(port: UInt16, apiKey: String? = nil, timeout: Duration = .seconds(10)) throws {
        self.apiKey = apiKey
        self.port = port
        self.timeout = timeout
        try connect()
    }

    deinit { close(descriptor) }

    private func connect() throws {
        if descriptor >= 0 { close(descriptor) }
        buffer = []
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
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
        try write(Array((head + "\r\n").utf8) + Array(body ?? Data()))
        let response = try readResponse(head: method == "HEAD")
        if response.header("Connection")?.lowercased() == "close" { try connect() }
        return response
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    private func readResponse(head: Bool) throws -> Response {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let headText = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let length = head ? 0 : Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0
        while buffer.count < length {
            guard try fill() else { throw Failure(description: "closed mid-body") }
        }
        let body = Data(buffer.prefix(length))
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if let range = buffer.firstRange(of: marker) { return range.lowerBound }
            guard try fill() else { throw Failure(description: "closed before the response head") }
        }
    }

    private func fill() throws -> Bool {
        var scratch = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &scratch, scratch.count, 0)
        if count < 0 { throw Failure(description: "recv failed: errno \(errno)") }
        buffer.append(contentsOf: scratch[..<count])
        return count > 0
    }
}
