import Foundation
import HTTP

/// `baton-bench http`: Baton's HTTP module next to a minimal C server on the
/// same libmicrohttpd flags and options (`bench/ceiling/healthz.c`), both
/// answering `GET /healthz` with the same bytes, driven by `wrk` over
/// keep-alive connections on loopback.
///
/// Each connection count is measured `repetitions` times, Baton and C back
/// to back and taking turns at going first, so that drift in a shared
/// machine's load hits both alike; the report gives the medians and the
/// median of each repetition's ratio. Target: at least 80 % of C.
public enum HTTPBenchmark {
    /// What to run.
    public struct Options: Sendable {
        /// The repository checkout holding `bench/ceiling/healthz.c` and
        /// `Sources/CMicroHTTPD/shim.h`. Default: the current directory.
        public var repository: URL
        /// How long each `wrk` run lasts.
        public var duration: Duration
        /// Runs per server and connection count; the median is reported.
        public var repetitions: Int
        /// The `wrk` connection counts.
        public var connectionCounts: [Int]
        /// The server settings both sides use; host and port are ignored
        /// (both listen on a free loopback port).
        public var server: ServerConfiguration

        /// Defaults: 5 s per run, 3 runs, 8 and 64 connections, the server's
        /// production settings (the per-client limit raised to 256, since
        /// every wrk connection comes from one address), access log lines
        /// written to /dev/null.
        public init(
            repository: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            duration: Duration = .seconds(5), repetitions: Int = 3, connectionCounts: [Int] = [8, 64],
            server: ServerConfiguration = ServerConfiguration(maxConnectionsPerClient: 256)
        ) {
            self.repository = repository
            self.duration = duration
            self.repetitions = repetitions
            self.connectionCounts = connectionCounts
            self.server = server
        }
    }

    /// The body both servers send.
    static let body = Data(#"{"status":"ok"}"#.utf8)

    /// Runs the benchmark and reports requests per second and CPU time per
    /// request, Baton's next to C's. Blocks for about
    /// `2 × repetitions × connectionCounts.count × duration`.
    ///
    /// - Throws: `BenchmarkError` when the C ceiling does not compile or
    ///   start, `wrk` is missing or its output is unreadable, or Baton's
    ///   server cannot listen.
    public static func run(_ options: Options = Options()) throws(BenchmarkError) -> BenchmarkReport {
        let ceiling = try CeilingServer.start(options: options)
        defer { ceiling.stop() }
        let ours = try startOurs(options.server)
        defer { ours.shutdown(grace: .seconds(2)) }

        let ceilingName = "C on libmicrohttpd (bench/ceiling/healthz.c)"
        var report = BenchmarkReport(title: "HTTP: GET /healthz over keep-alive")
        var cpuRows: [BenchmarkReport.Row] = []
        for connections in options.connectionCounts {
            var oursRuns: [Run] = []
            var ceilingRuns: [Run] = []
            let measureOurs = { () throws(BenchmarkError) in
                try measure(port: ours.port, cpu: CPUClock.ownProcess, connections, options.duration)
            }
            let measureCeiling = { () throws(BenchmarkError) in
                try measure(port: ceiling.port, cpu: CPUClock.process(ceiling.process.processIdentifier), connections, options.duration)
            }
            for repetition in 0..<options.repetitions {
                // Who goes first alternates, so neither always follows the other's load.
                if repetition.isMultiple(of: 2) {
                    oursRuns.append(try measureOurs())
                    ceilingRuns.append(try measureCeiling())
                } else {
                    ceilingRuns.append(try measureCeiling())
                    oursRuns.append(try measureOurs())
                }
            }
            for (unit, value, higherIsBetter) in [
                ("req/s", \Run.requestsPerSecond, true), ("µs CPU/req", \Run.cpuMicrosecondsPerRequest, false),
            ] {
                let row = BenchmarkReport.Row(
                    name: "GET /healthz, \(connections) connections", unit: unit, runs: oursRuns.map { $0[keyPath: value] },
                    ceilingRuns: ceilingRuns.map { $0[keyPath: value] }, ceilingName: ceilingName, higherIsBetter: higherIsBetter,
                    paired: true
                )
                if higherIsBetter { report.rows.append(row) } else { cpuRows.append(row) }
            }
        }
        report.rows += cpuRows
        report.notes = [
            "Both servers: libmicrohttpd \(options.server.threadPoolSize)-thread pool over epoll, same options, same response bytes.",
            "Baton builds its access log line per request and writes it to /dev/null; the C server logs nothing.",
            "wrk \(Wrk.threads(for: 8))–\(Wrk.threads(for: 64)) threads on the same machine; \(options.repetitions) runs of \(options.duration) each, Baton and C taking turns at going first, median (range); the ratio is the median of each repetition's own ratio.",
            "CPU/req is the server process's user+system time over the run divided by the requests served: steadier than req/s on a shared machine.",
            "Load average at start: \(CPUClock.loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores.",
            #"Targets: docs/benchmarks.md, "Targets"."#,
        ]
        return report
    }

    /// One `wrk` run against one server.
    struct Run {
        var requestsPerSecond: Double
        var cpuMicrosecondsPerRequest: Double
    }

    private static func measure(port: UInt16, cpu: () -> Double?, _ connections: Int, _ duration: Duration) throws(BenchmarkError) -> Run {
        let before = cpu() ?? 0
        let rate = try Wrk.requestsPerSecond(port: port, connections: connections, duration: duration)
        let used = (cpu() ?? 0) - before
        let requests = rate * Double(max(1, duration.components.seconds))
        return Run(requestsPerSecond: rate, cpuMicrosecondsPerRequest: requests > 0 ? used * 1e6 / requests : 0)
    }

    private static func startOurs(_ base: ServerConfiguration) throws(BenchmarkError) -> Server {
        var configuration = base
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.listenSocket = nil
        configuration.logSink = DiscardingLogSink.shared
        var router = Router()
        router.get("/healthz", options: RouteOptions(maxBodyBytes: 0)) { _ in
            Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8")]), body: body)
        }
        do {
            return try Server(router: router, configuration: configuration)
        } catch {
            throw BenchmarkError(code: "server_failed", message: "Baton's server could not start: \(error.message)")
        }
    }
}

/// Writes log lines to /dev/null: the cost of building and writing each
/// line stays in the measurement, the terminal stays quiet.
enum DiscardingLogSink {
    static let shared = FileDescriptorLogSink(descriptor: open("/dev/null", O_WRONLY))
}
