import Foundation
import Synchronization

/// A tiny HTTP/1.1 receiver on 127.0.0.1 for webhook tests: one thread per
/// connection, `Connection: close`, answers with the status `respond` picks.
final class LoopbackReceiver: Sendable {
    struct Request: Sendable {
        let headers: [String: String]
        let body: Data
    }

    let port: Int
    private let socket: Int32
    private let received = Mutex<[Request]>([])
    private let respond: @Sendable (Request, Int) -> (status: Int, delay: Double)

    /// - Parameters:
    ///   - port: the port to listen on, such as a stopped receiver's to
    ///     bring it back; any free one by default.
    ///   - respond: given the request and how many came before it,
    ///     the status to answer and how long to wait first.
    init(port requestedPort: Int = 0, respond: @escaping @Sendable (Request, Int) -> (status: Int, delay: Double) = { _, _ in (200, 0) })
        throws
    {
        self.respond = respond
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

    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        while headerEnd == nil {
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return }
            buffer += chunk[0..<count]
            headerEnd = buffer.indices.dropLast(3).first { buffer[$0..<$0 + 4] == [13, 10, 13, 10] }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self).split(separator: "\r\n").dropFirst()
        var headers: [String: String] = [:]
        for line in head {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        var body = Array(buffer[(headerEnd! + 4)...])
        while body.count < length {
            let count = read(client, &chunk, chunk.count)
            if count <= 0 { return }
            body += chunk[0..<count]
        }
        let request = Request(headers: headers, body: Data(body))
        let previous = received.withLock { requests in
            defer { requests.append(request) }
            return requests.count
        }
        let (status, delay) = respond(request, previous)
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        let answer = "HTTP/1.1 \(status) Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        _ = answer.withCString { write(client, $0, strlen($0)) }
    }
}
