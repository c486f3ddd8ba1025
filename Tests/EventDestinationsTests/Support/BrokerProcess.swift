import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A broker server (`redis-server`, `nats-server`) the tests start on a
/// loopback port with their own data directory, kill and restart. A
/// missing binary is a failure that names the package to install, never a
/// silent skip.
final class BrokerProcess {
    /// The binary wanted is not installed.
    struct MissingBinary: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed: run scripts/setup (Debian package \(name))" }
    }

    /// The server did not listen on its port in time; its log says why.
    struct NotListening: Error, CustomStringConvertible {
        var name: String
        var log: String
        var description: String { "\(name) did not start listening: \(log.suffix(2000))" }
    }

    let executable: String
    let port: Int
    /// The server's own directory (data and log), removed at the end.
    let directory: URL
    private let arguments: [String]
    private(set) var pid: pid_t = 0

    /// A server `name` run with `arguments(port, directory)` on a free
    /// loopback port; not started yet.
    init(_ name: String, arguments: (Int, URL) -> [String]) throws {
        guard
            let executable = ["/usr/bin", "/usr/sbin", "/usr/local/bin"].map({ "\($0)/\(name)" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw MissingBinary(name: name) }
        self.executable = executable
        port = try Self.freePort()
        directory = FileManager.default.temporaryDirectory.appending(path: "baton-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.arguments = arguments(port, directory)
    }

    deinit {
        stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the server (again, on the same port and directory after a
    /// kill) and waits until it accepts connections.
    func start() throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if Self.accepts(port: port) { return }
            usleep(20_000)
        }
        throw NotListening(name: executable, log: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
    }

    /// Sends `signal` and reaps the server; nothing when it is not running.
    func stop(signal: Int32) {
        guard pid > 0 else { return }
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    private var logFile: URL { directory.appending(path: "server.log") }

    /// A loopback port nothing listens on now (the kernel's pick).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on the loopback `port`.
    static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
