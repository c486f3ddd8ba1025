import Foundation

/// A blocking HTTP/1.1 client over one POSIX socket, shared by the HTTP
/// module's tests and the server's, for tests that need control
/// over exactly what is sent and when: partial requests, two requests on one
/// connection, huge bodies.
public final class RawConnection {
    /// A parsed response.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers in the order received.
        public var headers: [(name: String, value: String)]
        /// The body bytes (empty for HEAD).
        public var body: Data

        /// The first header called `name`, case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A socket or protocol failure, with errno where there is one.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        /// A failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The socket, for tests that poke at it directly.
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port` (or `host`), with `timeout` on every read.
    public init(port: UInt16, host: String = "127.0.0.1", timeout: Duration = .seconds(5)) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        let connected = Self.withAddress(host: host, port: port) { connect(descriptor, $0, $1) }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect failed: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// Calls `body` with `host:port` as a socket address and its length.
    private static func withAddress(host: String, port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var storage = sockaddr_storage()
        let isIPv6 = host.contains(":")
        storage.ss_family = sa_family_t(isIPv6 ? AF_INET6 : AF_INET)
        let length = withUnsafeMutablePointer(to: &storage) { pointer in
            if isIPv6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_port = port.bigEndian
                    inet_pton(AF_INET6, host, &$0.pointee.sin6_addr)
                }
                return MemoryLayout<sockaddr_in6>.size
            }
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                $0.pointee.sin_port = port.bigEndian
                inet_pton(AF_INET, host, &$0.pointee.sin_addr)
            }
            return MemoryLayout<sockaddr_in>.size
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }

    /// Sends all of `text`.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends all of `bytes`; throws when the peer has closed.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Whether the server has sent something (or closed) within `timeout`.
    public func isReadable(within timeout: Duration = .zero) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Reads one response; `head` says not to expect a body.
    public func readResponse(head: Bool = false) throws -> Response {
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

    /// Whether the peer closes the connection (read returns 0 or a reset)
    /// within the socket's read timeout, discarding anything sent before.
    public func waitForClose() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// Everything the server sends from here until it closes the
    /// connection (a reset counts as closing, as in `waitForClose`), with
    /// what was read but not yet taken as a response.
    /// - Throws: `Failure` when the socket's read timeout passes first.
    public func readToEnd() throws -> [UInt8] {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &scratch, scratch.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { break }
            guard count > 0 else {
                throw Failure(description: "not closed (errno \(errno)) after: \(String(decoding: buffer, as: UTF8.self).debugDescription)")
            }
            buffer.append(contentsOf: scratch[..<count])
        }
        defer { buffer.removeAll() }
        return buffer
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
