import Foundation
import Postgres
import PostgresLauncher

/// A `baton` child process (the executable built next to the test binary):
/// `baton worker`, `baton serve`, `baton migrate`, with the environment the
/// test gives it and its standard output and error kept in files.
///
/// Spawned and reaped with `posix_spawn` and `waitpid` rather than
/// Foundation's `Process`, which, with one child re-executing itself while
/// another exits, sometimes never noticed the exit (a zombie it reported as
/// running).
public final class BatonProcess {
    /// The `baton` executable built next to this test binary.
    public static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appending(path: "baton")
    }

    /// Whether ``executable`` was built (`swift build` builds it beside the tests).
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// The child's process id.
    public private(set) var pid: pid_t = 0
    private var exitStatus: Int32?
    private let logs = FileManager.default.temporaryDirectory.appending(path: "baton-process-\(UUID().uuidString)")

    /// Starts `baton` with `arguments` (the subcommand first) and exactly `environment`.
    /// - Throws: ``MissingExecutable`` when `baton` was not built; the spawn's `POSIXError`.
    public init(_ arguments: [String], environment: [String: String]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else { throw MissingExecutable() }
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logs.appending(path: "out").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, logs.appending(path: "err").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([Self.executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let result = posix_spawn(&pid, Self.executable.path, &actions, nil, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(at: logs)
    }

    /// Whether the child has not exited yet; reaps it once it has.
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        exitStatus = status
        return false
    }

    /// Everything written to standard output so far.
    public var output: String { (try? String(contentsOf: logs.appending(path: "out"), encoding: .utf8)) ?? "" }

    /// Everything written to standard error so far.
    public var errorOutput: String { (try? String(contentsOf: logs.appending(path: "err"), encoding: .utf8)) ?? "" }

    /// The JSON log lines written to standard error so far, decoded.
    public var logLines: [[String: Any]] {
        errorOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// The descriptors the process has open now and what each refers to
    /// (`socket:[inode]`, `anon_inode:[eventpoll]`, a path), from `/proc/PID/fd`.
    public var openDescriptors: [String: String] {
        let directory = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.reduce(into: [:]) { targets, name in
            targets[name] = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")
        }
    }

    /// Waits at most `seconds` for the exit without signalling: the exit
    /// code, -1 for a death by signal, nil when it is still running.
    public func exitCode(within seconds: Double) -> Int32? {
        guard eventually(within: seconds, { !isRunning }), let status = exitStatus else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Sends `signal` and waits at most `seconds` for the exit, as ``exitCode(within:)``.
    public func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 20) -> Int32? {
        kill(pid, signal)
        return exitCode(within: seconds)
    }
}

/// The `baton` executable is not next to the test binary.
public struct MissingExecutable: Error, CustomStringConvertible {
    public var description: String { "build the baton executable first (swift build)" }
}

extension BatonProcess {
    /// A TCP port on 127.0.0.1 that was free a moment ago, for a child's listen
    /// address. Throwing, as the worker tests' port helper it replaces was.
    public static func freePort() throws -> Int { EmbeddedPostgres.freePort() }
}
