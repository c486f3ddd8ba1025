import Foundation
import Synchronization

/// A tiny HTTP/1.1 receiver on 127.0.0.1 for webhook tests: one thread per
/// connection, `Connection: close` unless kept alive, answers with the status
/// `respond` picks (a 3xx with a `Location`), and a body of `answerBytes`.
final class LoopbackReceiver: Sendable {
    struct Request: Sendable {
        let headers: [String: String]
        let body: Data
    }

    let port: Int
    private let socket: Int32
    private let received = Mutex<[Request]>([])
    private let respond: @Sendable (Request, Int) -> (status: Int, delay: Double)
    private let keepAlive: Bool
    private let answerBytes: Int
    private let accepted = Mutex(0)
    private let stopped = Mutex(false)
    /// Signalled by the accept thread once it has closed the listening socket.
    private let ended = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - port: the port to listen on, such as a stopped receiver's to
    ///     bring it back; any free one by default.
    ///   - keepAlive: serve every request a connection sends, instead of
    ///     closing it after the first.
    ///   - answerBytes: the size of each answer's body.
    ///   - respond: given the request and how many came before it,
    ///     the status to answer and how long to wait first.
    init(
        port requestedPort: Int = 0, keepAlive: Bool = false, answerBytes: Int = 0,
        respond: @escaping @Sendable (Request, Int) -> (status: Int, delay: Double) = { _, _ in (200, 0) }
    ) throws {
        self.respond = respond
        self.keepAlive = keepAlive
        self.answerBytes = answerBytes
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(requestedPort).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && listen(socket, 64) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/hooks/baton")! }

    var requests: [Request] { received.withLock { $0 } }

    /// Connections accepted so far.
    var connections: Int { accepted.withLock { $0 } }

    /// Stops listening; returns once the socket is closed. The accept
    /// thread closes it itself: closed here, its number could be reused by
    /// the next receiver's socket before that thread calls `accept`, and
    /// this receiver would then take half of the next one's requests.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(socket, Int32(SHUT_RDWR))
        ended.wait()
    }

    private func acceptLoop() {
        defer {
            close(socket)
            ended.signal()
        }
        while true {
            let client = accept(socket, nil, nil)
            // Only stop() ends the loop, so the socket's number stays taken until then.
            if client < 0 {
                if stopped.withLock({ $0 }) { return }
                continue
            }
            accepted.withLock { $0 += 1 }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8]()
        repeat {
            guard let request = readRequest(client, &buffer) else { return }
            let previous = received.withLock { requests in
                defer { requests.append(request) }
                return requests.count
            }
            let (status, delay) = respond(request, previous)
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            let location = (300..<400).contains(status) ? "Location: http://127.0.0.1:\(port)/elsewhere\r\n" : ""
            let connection = keepAlive ? "" : "Connection: close\r\n"
            let head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(answerBytes)\r\n\(location)\(connection)\r\n"
            let answer = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: answerBytes)
            var sent = 0
            while sent < answer.count {
                let count = answer[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                if count <= 0 { return }
                sent += count
            }
        } while keepAlive
    }

    /// The next request on `client`, reading into `buffer` (which keeps
    /// what follows it); nil when the connection ends first.
    private func readRequest(_ client: Int32, _ buffer: inout [UInt8]) -> Request? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headerEnd = Self.headerEnd(buffer)
        while headerEnd == nil {
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
            headerEnd = Self.headerEnd(buffer)
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self).split(separator: "\r\n").dropFirst()
        var headers: [String: String] = [:]
        for line in head {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        buffer.removeFirst(headerEnd! + 4)
        while buffer.count < length {
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
        }
        defer { buffer.removeFirst(length) }
        return Request(headers: headers, body: Data(buffer[..<length]))
    }

    private static func headerEnd(_ buffer: [UInt8]) -> Int? {
        buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4] == [13, 10, 13, 10] }
    }
}
