import Foundation

/// A private PostgreSQL cluster in a directory of its own, for `baton dev` and
/// for tests: initialised when the directory is empty, started on a unix socket
/// inside the directory plus a loopback port, and stopped on request.
///
/// Starting an already running cluster reuses it. When the current process is
/// root, the server runs as an unprivileged user (`postgres`, else `nobody`)
/// because `initdb` and `postgres` refuse to run as root. All methods block:
/// call them from a thread you own.
public final class EmbeddedPostgres: Sendable {
    /// Where and how the cluster runs.
    public struct Configuration: Sendable {
        /// The directory holding the cluster; created when missing.
        public var dataDirectory: URL
        /// The loopback TCP port; nil picks a free one the first time and keeps it.
        public var port: Int?
        /// The database created for Baton.
        public var database = "baton"
        /// The superuser `initdb` creates; connections over the socket need no password.
        public var user = "baton"
        /// Turns off fsync and synchronous commit: fast, and unsafe after a crash.
        /// For tests and throwaway clusters only.
        public var durable = true
        /// The server's `max_connections`. A test process shares one cluster
        /// among a few hundred suites run in parallel, each with its own pool.
        public var maxConnections = 200

        /// A configuration for `dataDirectory`; see the properties for the rest.
        public init(dataDirectory: URL, port: Int? = nil, durable: Bool = true, maxConnections: Int = 200) {
            self.dataDirectory = dataDirectory.standardizedFileURL
            self.port = port
            self.durable = durable
            self.maxConnections = maxConnections
        }
    }

    /// The configuration the cluster was made with.
    public let configuration: Configuration
    /// The server binaries in use.
    public let binaries: PostgresBinaries
    /// The loopback port the server listens on.
    public let port: Int

    /// Finds the binaries and settles the port; touches no server yet.
    /// - Throws: `EmbeddedPostgresError.binariesNotFound` or `.socketPathTooLong`.
    public init(_ configuration: Configuration) throws(EmbeddedPostgresError) {
        self.configuration = configuration
        self.binaries = try PostgresBinaries.locate()
        let socket = configuration.dataDirectory.path + "/.s.PGSQL.65535"
        guard socket.utf8.count <= 100 else { throw .socketPathTooLong(path: configuration.dataDirectory.path) }
        self.port = configuration.port ?? Self.rememberedPort(in: configuration.dataDirectory) ?? Self.freePort()
    }

    /// The directory holding the server's unix socket.
    public var socketDirectory: String { configuration.dataDirectory.path }

    /// A libpq connection string reaching the Baton database over the unix socket.
    public var connectionString: String {
        connectionString(database: configuration.database)
    }

    /// The same as ``connectionString`` for another database of this cluster.
    public func connectionString(database: String) -> String {
        // conninfo values are quoted so a data directory with spaces still works.
        func quoted(_ value: String) -> String {
            "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        return "host=\(quoted(socketDirectory)) port=\(port) user=\(quoted(configuration.user)) dbname=\(quoted(database))"
    }

    /// Initialises the cluster when needed, starts it unless it already runs,
    /// and creates the Baton database when missing.
    /// - Throws: `EmbeddedPostgresError` naming the failing step.
    public func start() throws(EmbeddedPostgresError) {
        try initialiseIfNeeded()
        if try !isRunning() {
            try pgctl(["start", "-w", "-t", "60", "-l", logFile, "-o", serverOptions])
        }
        try createDatabase(configuration.database)
    }

    /// Stops the server (fast shutdown: open sessions are ended); does nothing
    /// when it is not running.
    public func stop() throws(EmbeddedPostgresError) {
        guard try isRunning() else { return }
        try pgctl(["stop", "-w", "-t", "60", "-m", "fast"])
    }

    /// Whether a server is running on this data directory.
    public func isRunning() throws(EmbeddedPostgresError) -> Bool {
        guard FileManager.default.fileExists(atPath: configuration.dataDirectory.path + "/PG_VERSION") else { return false }
        // pg_ctl status: 0 running, 3 not running, 4 no usable data directory.
        let outcome = try run(binaries.path("pg_ctl"), ["status", "-D", configuration.dataDirectory.path])
        return outcome.status == 0
    }

    /// Creates `name` unless it exists.
    public func createDatabase(_ name: String) throws(EmbeddedPostgresError) {
        let outcome = try run(binaries.path("createdb"), ["-h", socketDirectory, "-p", String(port), "-U", configuration.user, name])
        guard outcome.succeeded || outcome.output.contains("already exists") else {
            throw .toolFailed(tool: "createdb", status: outcome.status, output: outcome.output)
        }
    }

    /// The server's log file inside the data directory.
    public var logFile: String { configuration.dataDirectory.path + "/postgres.log" }

    private var serverOptions: String {
        var options = "-k \(socketDirectory) -p \(port) -c listen_addresses=127.0.0.1 -c max_connections=\(configuration.maxConnections)"
        if !configuration.durable {
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        }
        return options
    }

    private func initialiseIfNeeded() throws(EmbeddedPostgresError) {
        let directory = configuration.dataDirectory.path
        let fm = FileManager.default
        if fm.fileExists(atPath: directory + "/PG_VERSION") { return }
        let existing = (try? fm.contentsOfDirectory(atPath: directory)) ?? []
        guard existing.allSatisfy({ $0.hasPrefix(".") }) else {
            throw .unusableDataDirectory(path: directory, reason: "it is not empty and holds no PostgreSQL cluster")
        }
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if let owner = binaries.serverUser {
                try fm.setAttributes([.ownerAccountName: owner, .groupOwnerAccountName: owner], ofItemAtPath: directory)
            }
        } catch {
            throw .unusableDataDirectory(path: directory, reason: "it can't be created or handed to the server user")
        }
        if let owner = binaries.serverUser, try !run("/usr/bin/test", ["-w", directory]).succeeded {
            throw .unusableDataDirectory(
                path: directory,
                reason:
                    "the server user \(owner) can't reach it (a parent directory such as /root is not searchable); choose a directory under /var/tmp or /srv"
            )
        }
        let outcome = try run(
            binaries.path("initdb"),
            [
                "-D", directory, "-U", configuration.user, "-E", "UTF8", "--locale=C",
                "--auth-local=trust", "--auth-host=reject",
            ])
        guard outcome.succeeded else { throw .toolFailed(tool: "initdb", status: outcome.status, output: outcome.output) }
        try? String(port).write(toFile: directory + "/baton-port", atomically: true, encoding: .utf8)
    }

    private func pgctl(_ arguments: [String]) throws(EmbeddedPostgresError) {
        let outcome = try run(binaries.path("pg_ctl"), ["-D", configuration.dataDirectory.path] + arguments)
        guard outcome.succeeded else { throw .toolFailed(tool: "pg_ctl \(arguments[0])", status: outcome.status, output: outcome.output) }
    }

    private func run(_ tool: String, _ arguments: [String]) throws(EmbeddedPostgresError) -> Subprocess.Outcome {
        do {
            return try Subprocess(tool, arguments, user: binaries.serverUser).run()
        } catch {
            throw .toolFailed(tool: tool, status: -1, output: "could not be started")
        }
    }

    private static func rememberedPort(in directory: URL) -> Int? {
        (try? String(contentsOf: directory.appending(path: "baton-port"), encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A loopback port that was free a moment ago (the kernel picks it); also
    /// what tests give the child processes they start.
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        return port == 0 ? 54_329 : port
    }
}
