import BatonCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.0 `GET` over a plain TCP socket, for `baton healthcheck`;
/// `package` so that `baton-bench serve` polls readiness with the same probe.
///
/// The runtime image has no curl, and URLSession would add libcurl to the
/// path of a probe that runs every few seconds; a health check needs only the
/// status line of one local plain-HTTP response. Limits: `http://` only, no
/// redirects, no TLS, at most 1 KiB of the response is read.
package struct HealthProbe: Sendable, Equatable {
    /// Host name or IP literal, without brackets.
    let host: String
    let port: Int
    /// Request target, such as `/healthz`.
    let path: String

    /// Parses `http://HOST:PORT/PATH` (`[v6]` hosts allowed; the port defaults
    /// to 80 and the path to `/healthz`); nil for any other form.
    package init?(url: String) {
        guard url.hasPrefix("http://"), url.utf8.count <= 2048,
            url.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { return nil }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        guard authority.hasPrefix("[") || authority.filter({ $0 == ":" }).count <= 1 else { return nil }
        let hasPort = authority.contains(":") && !authority.hasSuffix("]")
        guard let address = ListenAddress(hasPort ? String(authority) : "\(authority):80") else { return nil }
        self.init(host: address.host, port: address.port, path: path.isEmpty ? "/healthz" : String(path))
    }

    /// The `/healthz` of a server listening on `listen`; a wildcard address
    /// (`0.0.0.0`, `::`) is probed on the matching loopback address.
    init(listen: ListenAddress) {
        let host =
            switch listen.host {
            case "0.0.0.0": "127.0.0.1"
            case "::": "::1"
            default: listen.host
            }
        self.init(host: host, port: listen.port, path: "/healthz")
    }

    /// What is probed, as `host:port/path` (`[v6]:port/path`), for messages.
    var target: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)\(path)"
    }

    private init(host: String, port: Int, path: String) {
        self.host = host
        self.port = port
        self.path = path
    }

    /// Sends the request and returns the response's status code.
    /// - Throws: `HealthProbeError` when no address answers within `timeout`
    ///   or the answer is not an HTTP status line. Reading stops at the
    ///   deadline too, so a peer that trickles bytes can't hold the probe.
    package func status(timeout: Duration) throws(HealthProbeError) -> Int {
        let deadline = ContinuousClock.now + timeout
        let socket = try connect(timeout: timeout)
        defer { close(socket) }
        let request = "GET \(path) HTTP/1.0\r\nHost: \(host)\r\nConnection: close\r\n\r\n"
        let sent = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        guard sent == request.utf8.count else { throw .unreachable("could not send the request") }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var received = 0
        while received < buffer.count, !buffer[..<received].contains(0x0A), ContinuousClock.now < deadline {
            let count = buffer[received...].withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += count
        }
        let statusLine = String(decoding: buffer[..<received].prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]) else {
            throw .badResponse
        }
        return code
    }

    /// A connected socket to the first address of `host` that accepts within
    /// `timeout`; the same timeout bounds each later send and receive.
    private func connect(timeout: Duration) throws(HealthProbeError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .unreachable("cannot resolve the host")
        }
        defer { freeaddrinfo(list) }
        let seconds = timeout.components.seconds
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            let socket = Glibc.socket(entry.pointee.ai_family, entry.pointee.ai_socktype, entry.pointee.ai_protocol)
            guard socket >= 0 else { continue }
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            if Glibc.connect(socket, entry.pointee.ai_addr, entry.pointee.ai_addrlen) == 0 { return socket }
            close(socket)
        }
        throw .unreachable("connection refused or timed out")
    }
}
