import BatonCore
import Foundation
import Postgres
import PostgresLauncher

/// `baton-bench serve`: how long `baton serve` takes from exec to its first
/// `200` on `/readyz`, and how much memory it holds once idle, next to the
/// budgets of docs/benchmarks.md, "Targets" (ready after migrations, idle RSS).
///
/// The database is migrated first, so the figure is the server's own start:
/// configuration, pool, listener, the readiness check's queries. Each run is
/// a fresh process; the report shows the median and the range.
public struct ServeStartupBenchmark: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// The `baton` executable to start (normally the one beside `baton-bench`).
        public var executable: String
        /// The database it serves; migrated before the first run.
        public var conninfo: String
        /// Fresh processes started and measured.
        public var runs: Int
        /// Seconds the server idles after it is ready before its RSS is read.
        public var idleSeconds: Int
        /// Answers whether the server on this port answers `/readyz` with 200
        /// (the CLI's health probe), asked every millisecond until it does.
        public var isReady: @Sendable (UInt16) -> Bool

        /// Defaults: 5 runs, 2 s idle.
        public init(
            executable: String, conninfo: String, runs: Int = 5, idleSeconds: Int = 2,
            isReady: @escaping @Sendable (UInt16) -> Bool
        ) {
            self.executable = executable
            self.conninfo = conninfo
            self.runs = runs
            self.idleSeconds = idleSeconds
            self.isReady = isReady
        }
    }

    /// The time-to-ready budget (docs/benchmarks.md, Targets), in milliseconds.
    static let readyBudgetMilliseconds = 300.0
    /// The idle RSS budget (docs/benchmarks.md, Targets), in MiB.
    static let idleBudgetMebibytes = 40.0
    /// How long one start may take before the benchmark gives up on it.
    static let startTimeout = Duration.seconds(30)

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Migrates the database, then starts, measures and stops `runs` servers
    /// one after another.
    /// - Throws: `BenchmarkError` when migrating fails, a server can't start,
    ///   exits early or is not ready within 30 s.
    public func run() throws(BenchmarkError) -> BenchmarkReport {
        do {
            let connection = try PostgresConnection(options.conninfo)
            defer { connection.close() }
            _ = try Migrator().migrate(on: connection)
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Could not migrate the benchmark database: \(error)")
        }
        var ready: [Double] = []
        var resident: [Double] = []
        for _ in 0..<options.runs {
            let (milliseconds, mebibytes) = try measureOneStart()
            ready.append(milliseconds)
            resident.append(mebibytes)
        }
        var report = BenchmarkReport(title: "baton serve: time to ready and idle memory")
        report.rows = [
            Self.row("exec to first 200 on /readyz", "ms", ready, budget: Self.readyBudgetMilliseconds),
            Self.row("RSS after \(options.idleSeconds) s idle", "MiB", resident, budget: Self.idleBudgetMebibytes),
        ]
        report.notes = [
            "\(options.runs) fresh processes of \(options.executable), database migrated beforehand; /readyz polled every millisecond; median (min–max).",
            #"The ceiling column is the budget of docs/benchmarks.md, "Targets", not another program: a ratio under 100 % is within budget."#,
        ]
        return report
    }

    private static func row(_ name: String, _ unit: String, _ values: [Double], budget: Double) -> BenchmarkReport.Row {
        BenchmarkReport.Row(
            name: name, unit: unit, runs: values, ceilingRuns: [budget], ceilingName: "budget", higherIsBetter: false
        )
    }

    /// Starts one server, waits until it is ready, lets it idle, reads its
    /// RSS and stops it with SIGTERM.
    private func measureOneStart() throws(BenchmarkError) -> (Double, Double) {
        let port = try Self.freePort()
        let server = Subprocess(
            options.executable, ["serve"],
            environment: [
                "BATON_DATABASE_URL": options.conninfo,
                "BATON_SECRET_KEY": Sodium.hex(Sodium.randomBytes(32)),
                "BATON_PUBLIC_BASE_URL": "https://invites.example.com",
                "BATON_LISTEN": "127.0.0.1:\(port)",
            ])
        let started = ContinuousClock.now
        let running: Subprocess.Running
        do { running = try server.start() } catch {
            throw BenchmarkError(code: "setup_failed", message: "Could not start \(options.executable) serve: \(error)")
        }
        defer {
            running.send(SIGTERM)
            _ = try? running.wait()
        }
        while !options.isReady(port) {
            guard ContinuousClock.now - started < Self.startTimeout, kill(running.pid, 0) == 0 else {
                throw BenchmarkError(code: "setup_failed", message: "baton serve did not become ready; run it by hand to see why.")
            }
            usleep(1000)
        }
        let elapsed = ContinuousClock.now - started
        sleep(UInt32(options.idleSeconds))
        guard let kibibytes = ProcFile.number(in: "/proc/\(running.pid)/status", key: "VmRSS") else {
            throw BenchmarkError(code: "setup_failed", message: "Could not read the server's VmRSS from /proc.")
        }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds, kibibytes / 1024)
    }

    /// A loopback port that was free a moment ago (bound to port 0, then released).
    static func freePort() throws(BenchmarkError) -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchmarkError(code: "setup_failed", message: "Could not open a socket.") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw BenchmarkError(code: "setup_failed", message: "Could not find a free loopback port.") }
        return UInt16(bigEndian: address.sin_port)
    }
}
