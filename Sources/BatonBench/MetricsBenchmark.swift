import BatonCore
import BatonServer
import Foundation
import HTTP
import Synchronization

/// `baton-bench metrics`: what recording Prometheus metrics costs.
///
/// 1. Recording alone: the request observer's call per request (count,
///    latency histogram) on one thread and on several at once, against the
///    least any recording can cost, one relaxed atomic add.
/// 2. Over HTTP: the preview route served by two servers on one application
///    and database, one recording metrics and one not, driven by wrk in
///    alternation (`repeats` times each, so load from other processes hits
///    both alike); the medians and their ratio.
public struct MetricsBenchmark: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// The database to fill and measure.
        public var conninfo: String
        /// wrk connections.
        public var connections: Int
        /// Baton's HTTP threads and pool size.
        public var databaseClients: Int
        /// Seconds per timed HTTP run.
        public var seconds: Int
        /// Timed runs per side.
        public var repeats: Int

        /// Defaults: 64 connections, 32 clients, 5 s runs, 3 repeats.
        public init(conninfo: String, connections: Int = 64, databaseClients: Int = 32, seconds: Int = 5, repeats: Int = 3) {
            self.conninfo = conninfo
            self.connections = connections
            self.databaseClients = databaseClients
            self.seconds = seconds
            self.repeats = repeats
        }
    }

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Runs both parts and reports them.
    /// - Throws: `BenchmarkError` when the database, a server or wrk fails.
    public func run() throws(BenchmarkError) -> BenchmarkReport {
        let apiOptions = APIBenchmark.Options(
            conninfo: options.conninfo, connections: options.connections, databaseClients: options.databaseClients,
            seconds: options.seconds, redeemInvites: 1000
        )
        let fixtures = try APIBenchmark.Fixtures.prepare(apiOptions)
        defer { fixtures.remove() }
        let app = BatonApplication(configuration: fixtures.configuration)
        defer { app.close() }
        var report = BenchmarkReport(title: "Cost of recording Prometheus metrics")
        report.rows += recordingCost(app)
        report.rows += try httpCost(app, fixtures: fixtures)
        report.notes = [
            "Recording: the request observer's call for a preview (request counter by route/method/status, latency histogram), CPU ns per call per thread, \(options.repeats) runs of 1,000,000 calls per thread, alternating with the ceiling; median (min–max); ceiling: one relaxed atomic add on one shared counter.",
            "HTTP: GET /v1/invites/{token}/preview, wrk keep-alive, \(options.connections) connections, \(options.seconds) s per run, \(options.repeats) runs per side in alternation; median (min-max). Ratio ≥ 0.97 means metrics cost at most 3 %.",
        ]
        return report
    }

    private func recordingCost(_ app: BatonApplication) -> [BenchmarkReport.Row] {
        var router = Router()
        router.get("/v1/invites/:credential/preview") { _ in .noContent }
        let observer = app.requestObserver(for: router)
        let request = FinishedRequest(
            method: "GET", routePattern: "/v1/invites/:credential/preview", status: 200, errorCode: nil, duration: .microseconds(850)
        )
        let floor = Atomic<Int>(0)
        let calls = 1_000_000
        return [1, 4].map { threads in
            var ours: [Double] = []
            var ceiling: [Double] = []
            for _ in 0..<options.repeats {
                ours.append(Self.nanosecondsPerCall(threads: threads, calls: calls) { observer.requestFinished(request) })
                ceiling.append(Self.nanosecondsPerCall(threads: threads, calls: calls) { floor.add(1, ordering: .relaxed) })
            }
            return BenchmarkReport.Row(
                name: "record one request, \(threads) thread(s)", unit: "ns", runs: ours, ceilingRuns: ceiling,
                ceilingName: "one atomic add", higherIsBetter: false
            )
        }
    }

    /// CPU nanoseconds per call, with `threads` threads each making `calls`
    /// calls. Each thread's own CPU clock is read, so time spent descheduled
    /// (the machine is shared) does not count, while waiting on a contended
    /// cache line or lock does.
    private static func nanosecondsPerCall(threads: Int, calls: Int, _ body: @Sendable () -> Void) -> Double {
        let total = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let started = threadCPUNanoseconds()
            for _ in 0..<calls { body() }
            total.add(threadCPUNanoseconds() - started, ordering: .relaxed)
        }
        return Double(total.load(ordering: .relaxed)) / Double(threads * calls)
    }

    private static func threadCPUNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    /// Throughput, and this process's CPU per request (the servers' share:
    /// wrk and PostgreSQL run in other processes), which the load of other
    /// processes on a shared machine disturbs far less than throughput.
    private func httpCost(_ app: BatonApplication, fixtures: APIBenchmark.Fixtures) throws(BenchmarkError) -> [BenchmarkReport.Row] {
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        let router = app.makeRouter()
        let servers: (with: Server, without: Server)
        do {
            func start(_ observer: (any RequestObserver)?) throws -> Server {
                try Server(
                    router: router,
                    configuration: ServerConfiguration(
                        host: "127.0.0.1", port: 0, threadPoolSize: options.databaseClients, maxConnections: 1024,
                        maxConnectionsPerClient: 1024, logSink: FileDescriptorLogSink(descriptor: devNull), requestObserver: observer
                    ))
            }
            servers = (try start(app.requestObserver(for: router)), try start(nil))
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "A server could not listen: \(error)")
        }
        defer {
            servers.with.shutdown(grace: .seconds(2))
            servers.without.shutdown(grace: .seconds(2))
        }
        var rates: (with: [Double], without: [Double]) = ([], [])
        var cpu: (with: [Double], without: [Double]) = ([], [])
        for _ in 0..<options.repeats {
            for (server, isRecording) in [(servers.without, false), (servers.with, true)] {
                let wrk = APIBenchmark.WrkDriver(
                    port: server.port, connections: options.connections, seconds: options.seconds, script: fixtures.luaScript
                ) { BenchmarkRun.cpuSeconds(children: false) }
                let measured = try wrk.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
                let rate = measured.requestsPerSecond
                let microseconds = measured.cpuMicrosecondsPerRequest ?? 0
                if isRecording {
                    rates.with.append(rate)
                    cpu.with.append(microseconds)
                } else {
                    rates.without.append(rate)
                    cpu.without.append(microseconds)
                }
            }
        }
        let ceilingName = "same server without metrics (median of \(options.repeats))"
        return [
            BenchmarkReport.Row(
                name: "preview over HTTP with metrics, \(options.connections) connections", unit: "req/s",
                runs: rates.with, ceilingRuns: rates.without, ceilingName: ceilingName
            ),
            BenchmarkReport.Row(
                name: "Baton CPU per preview request with metrics", unit: "µs",
                runs: cpu.with, ceilingRuns: cpu.without, ceilingName: ceilingName, higherIsBetter: false
            ),
        ]
    }
}
