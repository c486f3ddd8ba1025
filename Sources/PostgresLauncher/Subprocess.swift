import Foundation

/// Runs a helper program (initdb, pg_ctl, createdb, pgbench, wrk) to
/// completion and collects what it printed, or starts one (a server under
/// measurement) and reaps it later.
///
/// Blocks the calling thread: call it from a thread you own, never from an
/// async context. Output is bounded by `outputLimit` so a chatty program can't
/// grow memory without limit; stdout and stderr are merged.
public struct Subprocess: Sendable {
    /// How a finished program ended.
    public struct Outcome: Sendable {
        /// The exit status, or 128 + signal number when a signal ended it.
        public var status: Int32
        /// Standard output and standard error, merged, cut at the limit.
        public var output: String
        /// Whether the program exited with status 0.
        public var succeeded: Bool { status == 0 }
    }

    /// The program to run, as an absolute path.
    public var executable: String
    /// Its arguments, passed as they are (no shell).
    public var arguments: [String]
    /// When set and the current process is root, run as this user through
    /// `runuser`: PostgreSQL's tools refuse to run as root.
    public var user: String?
    /// Extra environment variables on top of this process's environment.
    public var environment: [String: String] = [:]
    /// Most bytes of output kept.
    public var outputLimit = 1 << 20

    /// A program to run; see the properties for each argument.
    public init(_ executable: String, _ arguments: [String], user: String? = nil, environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.user = user
        self.environment = environment
    }

    /// Runs the program and waits for it to exit.
    /// - Throws: `POSIXError` when the program could not be started.
    public func run() throws -> Outcome {
        try start().wait()
    }

    /// Starts the program and returns at once, for a server whose readiness,
    /// memory or signal handling the caller measures while it runs. Call
    /// ``Running/wait()`` exactly once to reap it and read its output.
    /// - Throws: `POSIXError` when the program could not be started.
    public func start() throws -> Running {
        let argv =
            user != nil && getuid() == 0
            ? ["/usr/sbin/runuser", "-u", user!, "--", executable] + arguments
            : [executable] + arguments
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        // Output goes to an unlinked temporary file, not a pipe: a daemon the
        // program starts (pg_ctl start) inherits the descriptor and holds it
        // open, and reading a pipe to its end would then never return.
        let capture = try Self.temporaryFile()
        do {
            let pid = try Self.spawn(argv, environment: env, output: capture)
            return Running(pid: pid, capture: capture, outputLimit: outputLimit)
        } catch {
            close(capture)
            throw error
        }
    }

    /// A started program that has not been reaped yet.
    public struct Running: Sendable {
        /// Its process id (of `runuser` when run as another user).
        public let pid: pid_t
        private let capture: Int32
        private let outputLimit: Int

        fileprivate init(pid: pid_t, capture: Int32, outputLimit: Int) {
            self.pid = pid
            self.capture = capture
            self.outputLimit = outputLimit
        }

        /// Sends `signal` (such as `SIGTERM`); false when the process is gone.
        @discardableResult
        public func send(_ signal: Int32) -> Bool {
            kill(pid, signal) == 0
        }

        /// Waits for the program to exit and returns how it ended and what it printed.
        /// - Throws: `POSIXError(.ECHILD)` when it was reaped already.
        public func wait() throws -> Outcome {
            defer { close(capture) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else { throw POSIXError(.ECHILD) }
            }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
            let exited = status & 0x7F == 0
            let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            var collected = [UInt8](repeating: 0, count: outputLimit)
            let count = pread(capture, &collected, outputLimit, 0)
            return Outcome(status: code, output: String(decoding: collected.prefix(max(0, count)), as: UTF8.self))
        }
    }

    private static func spawn(_ argv: [String], environment: [String], output: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        // A server blocks SIGTERM and SIGINT to wait for them (SignalWaiter)
        // and a child inherits that mask: without a reset, a child could not
        // be stopped with a signal at all.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .ENOENT) }
        return pid
    }

    private static func temporaryFile() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/baton-subprocess-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }
}
