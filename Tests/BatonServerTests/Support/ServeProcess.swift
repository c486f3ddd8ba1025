import BatonTestSupport
import Foundation

/// A `baton serve` child process (the executable built next to the test
/// binary) on a test database and a loopback port of the kernel's choice,
/// ready when it logs that it listens and `GET /healthz` answers; killed and
/// reaped when released. Standard error goes to a temporary file, read only
/// for the listening line.
final class ServeProcess {
    /// The port it listens on.
    private(set) var port: UInt16 = 0
    private var pid: pid_t = 0
    private let log = FileManager.default.temporaryDirectory.appending(path: "baton-serve-\(UUID().uuidString).log")

    /// Starts `baton serve` with `settings` on top of the database, secret,
    /// listen address and link settings, and waits up to 20 s for it to answer.
    init(databaseURL: String, settings: [String: String] = [:]) throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appending(
            path: "baton")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw ServeProcessError.missingExecutable }
        let environment = [
            "BATON_DATABASE_URL": databaseURL,
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_LISTEN": "127.0.0.1:0",
            "BATON_HTTP_THREADS": "4",
            "BATON_DB_POOL_SIZE": "4",
            "BATON_PUBLIC_BASE_URL": "https://\(TestApp.publicHost)",
        ].merging(settings) { $1 }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments: [String] = [executable.path, "serve"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let result = posix_spawn(&pid, executable.path, &actions, nil, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        guard eventually(within: 20, { listeningPort() != nil }), let port = listeningPort(),
            (try? HTTPTestClient(port: port).get("/healthz").status) == 200
        else { throw ServeProcessError.notListening }
        self.port = port
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: log)
    }

    /// The port of the `"msg":"listening"` log line, once it is written.
    private func listeningPort() -> UInt16? {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.contains(#""msg":"listening""#) }),
            let address = line.split(separator: "\"").last(where: { $0.hasPrefix("127.0.0.1:") })
        else { return nil }
        return UInt16(address.dropFirst("127.0.0.1:".count))
    }
}

/// Why a ``ServeProcess`` did not start.
enum ServeProcessError: Error {
    /// `baton` was not built next to the test binary (run `swift build`).
    case missingExecutable
    /// It did not answer `/healthz` in time.
    case notListening
}
