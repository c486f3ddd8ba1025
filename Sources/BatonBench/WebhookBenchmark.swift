import BatonCore
import BatonWorker
import Foundation
import HTTP
import JobQueue
import Postgres

/// `baton-bench webhooks`: webhook deliveries per second from jobs already
/// queued, Baton's worker against a C ceiling (`bench/ceiling/webhooks.c`),
/// both posting to the same C receiver on loopback
/// (`bench/ceiling/webhook_receiver.c`, libmicrohttpd, kept-alive
/// connections). Targets in docs/benchmarks.md.
///
/// Ours is a `Worker` with the standard handlers `baton worker` runs: the
/// event bodies read and the attempts logged per batch of deliveries,
/// signed with the real secret, posted through the libcurl transport,
/// completed. The ceiling runs the same claim, event-body
/// and complete statements over libpq and posts each claimed batch at once
/// through a libcurl multi handle. Each round refills the queue with `jobs`
/// events of one endpoint; both sides start from the same vacuumed table
/// after a checkpoint, the side going first alternating. CPU per delivery is
/// the delivering process's user + system time over the deliveries: the
/// benchmark process for ours (only the worker runs in it meanwhile), the
/// ceiling's own.
///
/// It uses the schema `baton` of the database it is given: point it at a
/// scratch database (`baton-bench webhooks` starts a private cluster by default).
public struct WebhookBenchmark: Sendable {
    /// The database to measure, as a URL or conninfo string.
    public var conninfo: String
    /// The checkout holding `bench/ceiling/`.
    public var repository: URL
    /// Deliveries per side and round.
    public var jobs: Int
    /// Worker concurrency, and the ceiling's batch.
    public var concurrency: Int
    /// Measured rounds after an uncounted warm-up.
    public var rounds: Int

    /// A benchmark; see the properties.
    public init(
        conninfo: String, repository: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        jobs: Int = 50_000, concurrency: Int = 32, rounds: Int = 3
    ) {
        self.conninfo = conninfo
        self.repository = repository
        self.jobs = max(1, jobs)
        self.concurrency = max(1, min(concurrency, 256))
        self.rounds = max(1, rounds)
    }

    /// The signing secret both sides use.
    static let secret = "whsec_bench_0123456789abcdef0123456789abcdef"
    /// The `BATON_SECRET_KEY` the endpoint's sealed secret is opened with: random per run.
    static let secretKey = Sodium.randomBytes(32)

    /// One side's round: deliveries per second and CPU microseconds per delivery.
    struct Side {
        var perSecond: Double
        var cpuMicroseconds: Double
    }

    /// Runs the rounds and returns the rows.
    /// - Throws: `BenchmarkError` when a C program does not compile or a
    ///   side fails to deliver; `PostgresError` or `MigrationError` from the database.
    public func run() throws -> BenchmarkReport {
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        try Migrator().migrate(on: connection)
        let receiver = try HTTPBenchmark.CeilingServer.start(
            source: "webhook_receiver.c", repository: repository, server: ServerConfiguration(maxConnectionsPerClient: 512))
        defer { receiver.stop() }
        let url = URL(string: "http://127.0.0.1:\(receiver.port)/hooks/baton")!
        try WebhookEndpointStore(secret: Self.secretKey).configure(
            WebhookSettings(url: url, secret: Array(Self.secret.utf8)), on: connection)
        let ceiling = try Ceiling(repository: repository, conninfo: conninfo)
        defer { ceiling.remove() }
        _ = try round(jobs: min(jobs, 5_000), oursFirst: true, url: url, ceiling: ceiling, on: connection)
        var measured: [(ours: Side, ceiling: Side)] = []
        for index in 0..<rounds {
            measured.append(try round(jobs: jobs, oursFirst: index % 2 == 0, url: url, ceiling: ceiling, on: connection))
        }
        let ceilingName = "C: libpq + libcurl multi, same SQL, batch \(concurrency)"
        var report = BenchmarkReport(title: "Webhooks")
        report.rows = [
            BenchmarkReport.Row(
                name: "deliver \(jobs) queued webhooks, one endpoint, concurrency \(concurrency)", unit: "deliveries/s",
                runs: measured.map(\.ours.perSecond), ceilingRuns: measured.map(\.ceiling.perSecond), ceilingName: ceilingName,
                paired: true),
            BenchmarkReport.Row(
                name: "CPU per delivery (delivering process)", unit: "µs", runs: measured.map(\.ours.cpuMicroseconds),
                ceilingRuns: measured.map(\.ceiling.cpuMicroseconds), ceilingName: ceilingName, higherIsBetter: false, paired: true),
        ]
        report.notes = [
            "After a warm-up round, \(rounds) rounds of \(jobs) deliveries per side, the side going first alternating; each side starts "
                + "from a refilled, vacuumed queue after a CHECKPOINT. Medians (min–max); ratios paired per round.",
            "Ours: Worker.standardHandlers as `baton worker` runs them (fetch loop + \(concurrency) runners; each claimed batch goes "
                + "to one call of the batch handler: one statement reading the endpoints and event bodies and logging the attempts, "
                + "every request signed (HMAC-SHA256) and posted at once through one libcurl multi handle on its own thread, one "
                + "statement recording each bunch of answers that came back together), timed from start() until the last completion "
                + "(seen by a poll every 20 ms, so at most 20 ms late).",
            "Ceiling: one libpq connection running JobQueue's claim (batch \(concurrency)), an event-body statement per job (no endpoint "
                + "read, no delivery log: Baton's two log statements per batch are work the ceiling skips) and "
                + "JobQueue's complete, each batch posted at once on reused easy handles; it posts the body as PostgreSQL prints it "
                + "(the same fields; Baton writes them compact with sorted keys).",
            "Receiver: bench/ceiling/webhook_receiver.c (libmicrohttpd, keep-alive, 200 with an empty body) on 127.0.0.1; "
                + "its CPU and PostgreSQL's are not counted. Load average at the end: \(HTTPBenchmark.CPUClock.loadAverage()).",
        ]
        return report
    }

    /// One round: both sides from a refilled queue, in the order asked.
    private func round(jobs: Int, oursFirst: Bool, url: URL, ceiling: Ceiling, on connection: PostgresConnection) throws -> (
        ours: Side, ceiling: Side
    ) {
        var result = (ours: Side(perSecond: 0, cpuMicroseconds: 0), ceiling: Side(perSecond: 0, cpuMicroseconds: 0))
        for ours in oursFirst ? [true, false] : [false, true] {
            try refill(jobs, on: connection)
            if ours {
                result.ours = try deliverByWorker(jobs: jobs, url: url)
            } else {
                result.ceiling = try ceiling.deliver(jobs: jobs, batch: concurrency, url: url)
            }
        }
        return result
    }

    /// Empties the queue and the events and records `jobs` fresh events,
    /// each with its delivery job, as `OutboxEvents.record` writes them.
    private func refill(_ jobs: Int, on connection: PostgresConnection) throws {
        try connection.runScript(
            "TRUNCATE baton.jobs, baton.events, baton.redemptions, baton.invites, baton.invite_deadlines CASCADE")
        try connection.query(Self.fixture, [jobs, OutboxEvents.webhookKind])
        for script in ["VACUUM ANALYZE baton.jobs", "VACUUM ANALYZE baton.events", "CHECKPOINT"] {
            try connection.runScript(script)
        }
    }

    /// `$1` `invite.redeemed` events of one invite and a delivery job each
    /// (kind `$2`), without an endpoint id: each goes to the endpoint managed
    /// by configuration, which `run` writes as `baton worker` does at start.
    static let fixture = """
        WITH invite AS (
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-1', 'Family', sha256('bench-code'::bytea), sha256('bench-token'::bytea), now() + interval '1 day')
            RETURNING id
        ), event AS (
            INSERT INTO baton.events (type, invite_id, family_id, channel, data, occurred_at)
            SELECT 'invite.redeemed', invite.id, 'family-1', 'link',
                   jsonb_build_object('redeemer_id', 'user-' || i, 'invite_id', invite.id, 'family_id', 'family-1'), clock_timestamp()
            FROM invite, generate_series(1, $1::int8) AS i
            RETURNING event_id
        )
        INSERT INTO baton.jobs (kind, args, max_attempts) SELECT $2, jsonb_build_object('event_id', event_id), 15 FROM event
        """

    private func deliverByWorker(jobs: Int, url: URL) throws -> Side {
        let configuration = WorkerConfiguration(
            conninfo: conninfo, workerID: "bench-\(getpid())", settings: WorkerSettings(concurrency: concurrency),
            pollInterval: .seconds(1), runsPeriodicWork: false)
        let worker = Worker(
            configuration: configuration,
            handlers: Worker.standardHandlers(
                delivery: WebhookDeliverySettings(timeout: .seconds(10), destinations: .allowingLoopback), secretKey: Self.secretKey,
                conninfo: conninfo))
        let cpuBefore = HTTPBenchmark.CPUClock.ownProcess() ?? 0
        let began = ContinuousClock.now
        worker.start()
        // A coarse poll: this thread's CPU counts in the process's, and a
        // fine one was a visible share of it (docs/performance.md).
        while worker.statistics.completed < jobs, worker.statistics.failed == 0 { Thread.sleep(forTimeInterval: 0.02) }
        let elapsed = (ContinuousClock.now - began) / .seconds(1)
        let cpu = (HTTPBenchmark.CPUClock.ownProcess() ?? 0) - cpuBefore
        worker.stop()
        guard worker.statistics.failed == 0 else {
            throw BenchmarkError(code: "delivery_failed", message: "the worker's deliveries to the receiver failed")
        }
        return Side(perSecond: Double(jobs) / elapsed, cpuMicroseconds: cpu / Double(jobs) * 1e6)
    }
}
