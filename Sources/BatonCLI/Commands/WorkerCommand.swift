import BatonCore
import BatonServer
import BatonWorker
import Foundation
import HTTP
import Postgres
import SafeText
import Telemetry

/// `baton worker`: runs queued jobs and the cluster's periodic work until SIGTERM/SIGINT.
enum WorkerCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "worker",
        summary: "Run queued jobs (webhooks) and periodic work (invite expiry, cleanup) until stopped.",
        options: [
            .value("concurrency", "N", "Jobs run at once (default BATON_WORKER_CONCURRENCY, 10)."),
            .value("id", "NAME", "This worker's name in jobs and the leader table (default host-pid-random)."),
        ],
        discussion: """
            Claims jobs from PostgreSQL with FOR UPDATE SKIP LOCKED, woken by NOTIFY (sent after commit) and polling
            every 2 s. Run as many replicas as you like: periodic work runs on one elected leader.
            On SIGTERM or SIGINT it stops claiming, lets running jobs finish for
            BATON_WORKER_SHUTDOWN_GRACE_SECONDS, returns the rest to the queue and exits 0.
            A killed worker's jobs run again once their lease (BATON_JOB_LEASE_SECONDS) expires.
            Webhooks go out through one libcurl multi handle on a thread of its own, over kept-alive
            connections (HTTP/2 over TLS when the receiver offers it).
            With BATON_METRICS_LISTEN set it serves its own /metrics there (job outcomes and run times,
            webhook deliveries, leadership, and the cluster's job counts), and /healthz for a liveness
            probe: 200, or 503 when its fetch loop has not turned for 60 s (a database outage does not
            count: the loop keeps retrying).
            Settings: BATON_DATABASE_URL, BATON_WEBHOOK_* and BATON_WORKER_* / BATON_JOB_* (see baton config check).
            """,
        examples: ["baton worker", "baton worker --concurrency 32 --id worker-a"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let concurrency = try arguments.int("concurrency", in: 1...256)
        if let id = arguments.string("id"), !(1...128).contains(id.count) {
            throw UsageError("--id must be 1 to 128 characters")
        }
        let signals = SignalWaiter()
        let configuration = try BatonConfiguration()
        let metrics = BatonMetrics()
        let exporter = SpanExporter.standard(configuration.tracing, metrics: metrics)
        exporter?.start()
        defer { exporter?.stop() }
        let worker = Worker.standard(
            configuration, concurrency: concurrency, workerID: arguments.string("id"), metrics: metrics,
            log: { console.err(logLine($0)) }, spanRecorder: exporter)
        let metricsServer = try startMetricsServer(metrics, configuration: configuration, console: console) {
            worker.isResponsive(within: livenessLimit)
        }
        let configured = ConfiguredEndpoint(configuration.webhook, secretKey: configuration.secretKey, conninfo: configuration.databaseURL)
        configured.start()
        defer { configured.stop() }
        worker.start()
        let endpoint =
            configuration.webhook.map { "every endpoint, \($0.url.scheme ?? "")://\($0.url.host ?? "") managed by configuration" }
            ?? "every endpoint (none managed by configuration: BATON_WEBHOOK_URL unset)"
        console.out(
            "worker \(worker.configuration.workerID) running \(worker.configuration.settings.concurrency) at once; webhooks to \(endpoint)")
        _ = signals.wait()
        console.out("stopping: letting running jobs finish (up to \(worker.configuration.settings.shutdownGrace)) ...")
        worker.stop()
        metricsServer?.shutdown(grace: .seconds(1))
        let stats = worker.statistics
        console.out("stopped after \(stats.completed) completed and \(stats.failed) failed attempts")
        return .success
    }

    /// How long the fetch loop may go without a turn before /healthz says 503:
    /// many times its longest sleep (the 2 s poll, a 6.4 s retry backoff) and
    /// the connect and statement timeouts of one turn.
    static let livenessLimit = Duration.seconds(60)

    /// Serves `metrics` and `/healthz` (from `health`) on `BATON_METRICS_LISTEN`
    /// when set, with the cluster's job counts read through a one-connection
    /// pool of its own.
    private static func startMetricsServer(
        _ metrics: BatonMetrics, configuration: BatonConfiguration, console: Console, health: @escaping @Sendable () -> Bool
    ) throws -> Server? {
        guard let listen = configuration.server.metricsListen else { return nil }
        let pool = PostgresPool(
            PostgresPoolConfiguration(
                conninfo: configuration.databaseURL, maxConnections: 1, acquireTimeout: configuration.poolTimeout,
                statementTimeout: configuration.statementTimeout
            ))
        metrics.addPoolStatistics(pool)
        metrics.addJobCounts(pool: pool)
        let server = try MetricsServer.start(metrics, on: listen, health: health)
        MetricsListener.announce(server, host: listen.host, console: console)
        return server
    }

    /// The log line of a worker event.
    static func logLine(_ event: WorkerEvent) -> String {
        logLine(level: event.level, event.message)
    }

    /// One JSON object per line with fixed keys (`ts`, `level`, `msg`) and
    /// `fields`, hidden characters escaped.
    static func logLine(level: String, _ message: String, _ fields: [String: Any] = [:]) -> String {
        let line = fields.merging(["ts": Date().formatted(.iso8601), "level": level, "msg": message]) { $1 }
        guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return #"{"msg":"unloggable event"}"#
        }
        return SafeText.hardenedJSON(String(decoding: data, as: UTF8.self))
    }
}
