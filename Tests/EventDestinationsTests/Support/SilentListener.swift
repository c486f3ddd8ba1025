import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback port whose connections the kernel completes and nobody ever
/// answers: a server that hangs, for the timeout tests.
final class SilentListener {
    let port: Int
    private let socket: Int32

    init() throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        port = try BrokerProcess.freePort()
        var address = BrokerProcess.loopback(port: port)
        let listening = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard listening, listen(socket, 16) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
    }

    deinit { close(socket) }
}
