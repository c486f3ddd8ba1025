import BatonCore
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Synchronization

/// `baton-bench queue`: the job queue against its ceilings (targets in docs/benchmarks.md).
///
/// 1. Burn-down: `jobs` no-op jobs run by a `Worker` (one fetch loop,
///    `concurrency` runners), against two `pgbench` ceilings with one
///    client each: the very claim statement of `JobQueue` (batch =
///    `concurrency`) and a completion of what it claimed; and the cheapest
///    queue PostgreSQL allows, one `DELETE … RETURNING` of a batch picked
///    with `SKIP LOCKED`, which keeps no completed job. All three start from
///    the same freshly vacuumed table on the same cluster; jobs/s and the
///    ratios are reported, so the report shows what retention costs.
/// 2. Expiry: `invites` due invites expired by `InviteExpiry.sweep`, the
///    leader's sweep with the worker's default schedule, with one webhook
///    endpoint so that each expiry writes its event row and a webhook job.
/// 3. Wake-up latency: from the start of an enqueue (committed, then
///    `JobQueue.wake` sends the NOTIFY) to the handler starting, with
///    polling set far out of the way.
///
/// It uses the schema `baton` of the database it is given: point it at a
/// scratch database (`baton-bench queue` starts a private cluster by default).
public struct QueueBenchmark: Sendable {
    /// The database to measure, as a URL or conninfo string.
    public var conninfo: String
    /// Jobs burnt down by each side.
    public var jobs: Int
    /// Worker concurrency, and pgbench's claim batch size.
    public var concurrency: Int
    /// Due invites to expire.
    public var invites: Int
    /// Enqueue-to-start samples.
    public var latencySamples: Int
    /// Measured rounds of (ours, pgbench) the burn-down is split into, the
    /// side going first alternating, after an uncounted warm-up round, so
    /// load drift on a shared machine hits both sides alike. The expiry and
    /// the wake-up samples are repeated as many times; every row is a
    /// median with its min–max.
    public var rounds: Int

    /// A benchmark; see the properties.
    public init(
        conninfo: String, jobs: Int = 200_000, concurrency: Int = 10, invites: Int = 1_000_000,
        latencySamples: Int = 200, rounds: Int = 3
    ) {
        self.conninfo = conninfo
        self.jobs = max(1, jobs)
        self.concurrency = max(1, concurrency)
        self.invites = max(0, invites)
        self.latencySamples = max(1, latencySamples)
        self.rounds = max(1, rounds)
    }

    static let kind = "bench.noop"

    /// Runs the three parts and returns their rows.
    /// - Throws: `PostgresError`, `MigrationError`, `JobQueueError`, or
    ///   `PoolBenchmarkError` when pgbench is missing or fails.
    public func run() throws -> BenchmarkReport {
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        try Migrator().migrate(on: connection)
        var report = BenchmarkReport(title: "Queue")
        // A warm-up round, not counted: the first round on a fresh cluster
        // pays for catalog caches, table extension and the first checkpoint.
        _ = try burnDown(jobs: min(jobs / rounds, 10_000), oursFirst: true, on: connection)
        var measured: [BurnDownRound] = []
        for index in 0..<rounds {
            measured.append(try burnDown(jobs: jobs / rounds, oursFirst: index % 2 == 0, on: connection))
        }
        let ours = measured.map(\.ours)
        let ceiling = measured.map(\.ceiling)
        let deleting = measured.map(\.deleting)
        let ratios = measured.map { $0.ours / $0.ceiling }
        let retention = measured.map { $0.ceiling / $0.deleting }
        let burnDown = "burn down \(jobs) no-op jobs, concurrency \(concurrency)"
        report.rows.append(
            BenchmarkReport.Row(
                name: burnDown, unit: "jobs/s", runs: ours,
                ceilingRuns: ceiling, ceilingName: "pgbench, 1 client, same claim SQL, batch \(concurrency)"))
        report.rows.append(
            BenchmarkReport.Row(
                name: burnDown + " vs the cheapest queue", unit: "jobs/s", runs: ours, ceilingRuns: deleting,
                ceilingName: "pgbench, 1 client, DELETE … RETURNING, SKIP LOCKED, batch \(concurrency), no retention"))
        if invites > 0 {
            let expiries = try (0..<rounds).map { _ in try expiry(on: connection) }
            report.rows.append(
                BenchmarkReport.Row(
                    name: "expire \(invites) due invites (event + webhook job each, one endpoint)", unit: "s", runs: expiries,
                    higherIsBetter: false))
        }
        // Each round's samples give one p50 and one p99; the rows show their medians and ranges.
        let wakeUps = try (0..<rounds).map { _ in try wakeUpLatencies(on: connection) }.filter { !$0.isEmpty }
        for (label, quantile) in [("p50", 0.5), ("p99", 0.99)] {
            report.rows.append(
                BenchmarkReport.Row(
                    name: "NOTIFY wake-up, enqueue to handler start, \(label)", unit: "ms",
                    runs: wakeUps.map { $0[min($0.count - 1, Int(Double($0.count) * quantile))] }, higherIsBetter: false))
        }
        report.notes = [
            "Burn-down: after a warm-up round, \(rounds) rounds of \(jobs / rounds) jobs per side, the side going first alternating; "
                + "each side starts from a refilled, vacuumed table after a CHECKPOINT. Medians; per-round ratios (ours/pgbench): "
                + Self.list(ratios.map { $0 * 100 }, unit: " %") + ", median "
                + String(format: "%.0f %%", (BenchmarkReport.median(ratios) ?? 0) * 100) + ".",
            "Burn-down per round, ours: " + Self.list(ours, unit: "") + " jobs/s in "
                + Self.list(measured.map(\.jobsPerClaim), unit: "", decimals: 1) + " jobs per claim; pgbench, same SQL: "
                + Self.list(ceiling, unit: "") + " jobs/s; pgbench, DELETE … RETURNING: " + Self.list(deleting, unit: "")
                + " jobs/s (batch \(concurrency)).",
            "What retention costs: the same-SQL ceiling (claim, then mark completed, the row kept for its retention) runs at "
                + Self.list(retention.map { $0 * 100 }, unit: " %") + " of the cheapest queue per round, median "
                + String(format: "%.0f %%", (BenchmarkReport.median(retention) ?? 0) * 100)
                + ". The cheapest queue claims and completes in one statement, deleting the batch it picks (same table, same "
                + "partial index and ORDER BY as JobQueue's claim); it keeps no attempt, lease or history, so a crash mid-job "
                + "loses the job unless the work commits in the same transaction.",
            "Burn-down: ours is one Worker (fetch loop + \(concurrency) runner threads), timed from start() until stop() returned after the last completion was written.",
            "pgbench (-M prepared) runs JobQueue's claim statement, its UPDATE … RETURNING wrapped in a CTE so \\gset hands the ids to JobQueue's complete statement; \(jobs / rounds / concurrency) transactions per round; jobs/s = tps × \(concurrency).",
            "Expiry: InviteExpiry.sweep as the worker's leader runs it (batches of \(PeriodicSchedule().expiryBatch), "
                + "\(PeriodicSchedule().expiryConnections) connections during a backlog), \(rounds) runs each on a freshly inserted, vacuumed table "
                + "with one enabled webhook endpoint, so each expiry writes its event and one webhook job (both counted after each run); "
                + "median (min–max).",
            "Wake-up: \(rounds) rounds of \(latencySamples) sequential samples, poll interval 60 s so only NOTIFY wakes the worker; the median of the rounds' p50 and p99 (min–max).",
        ]
        return report
    }

    /// Empties the queue and inserts `jobs` fresh no-op jobs, vacuumed.
    private func refill(_ jobs: Int, on connection: PostgresConnection) throws {
        try connection.runScript("TRUNCATE baton.jobs")
        try connection.query(
            "INSERT INTO baton.jobs (kind) SELECT $1 FROM generate_series(1, $2::int8)", [Self.kind, jobs])
        try connection.runScript("VACUUM ANALYZE baton.jobs")
    }

    /// One round of the burn-down: every side's jobs/s and our batch size.
    struct BurnDownRound {
        var ours: Double
        var jobsPerClaim: Double
        /// pgbench running `JobQueue`'s claim and complete statements.
        var ceiling: Double
        /// pgbench running ``deletingScript``, the queue without retention.
        var deleting: Double
    }

    /// Who burns a round's jobs down.
    private enum Side: CaseIterable {
        case worker, sameSQL, deleting
    }

    /// One round: `jobs` burnt down by the worker and by each pgbench
    /// ceiling, in the order asked (or its reverse), each from a refilled
    /// and vacuumed table after a checkpoint, so no side pays for
    /// another's dirty pages.
    private func burnDown(jobs: Int, oursFirst: Bool, on connection: PostgresConnection) throws -> BurnDownRound {
        var round = BurnDownRound(ours: 0, jobsPerClaim: 0, ceiling: 0, deleting: 0)
        for side in oursFirst ? Side.allCases : Side.allCases.reversed() {
            try refill(jobs, on: connection)
            try connection.runScript("CHECKPOINT")
            switch side {
            case .worker: (round.ours, round.jobsPerClaim) = try burnDownByWorker(jobs: jobs)
            case .sameSQL: round.ceiling = try burnDownByPgbench(jobs: jobs, name: "queue", script: pgbenchScript)
            case .deleting: round.deleting = try burnDownByPgbench(jobs: jobs, name: "queue-delete", script: deletingScript)
            }
        }
        return round
    }

    private func burnDownByWorker(jobs: Int) throws -> (jobsPerSecond: Double, jobsPerClaim: Double) {
        let noOp = NoOp(until: jobs)
        let worker = makeWorker(handler: noOp, pollInterval: .seconds(1))
        let began = ContinuousClock.now
        worker.start()
        // Waiting on the last job's handler rather than polling the worker's
        // state leaves both cores to the worker and the database; `stop()`
        // then writes the outcomes still buffered before it returns.
        let ran = noOp.lastJobRan.wait(timeout: .now() + .seconds(600))
        worker.stop()
        guard ran == .success else {
            throw BenchmarkError(code: "burn_down_stalled", message: "the worker ran fewer than \(jobs) jobs in 600 s")
        }
        let elapsed = (ContinuousClock.now - began) / .seconds(1)
        return (Double(jobs) / elapsed, Double(jobs) / Double(max(1, worker.statistics.claims)))
    }

    private func burnDownByPgbench(jobs: Int, name: String, script: String) throws -> Double {
        var pgbench = try PgbenchRunner(conninfo: conninfo, clients: 1, duration: .seconds(1), name: name, script: script)
        defer { pgbench.removeScript() }
        pgbench.transactionsPerClient = jobs / concurrency
        return try pgbench.run().queriesPerSecond * Double(concurrency)
    }

    /// `values` rounded to `decimals`, comma-separated, each followed by `unit`.
    private static func list(_ values: [Double], unit: String, decimals: Int = 0) -> String {
        values.map { String(format: "%.\(decimals)f", $0) + unit }.joined(separator: ", ")
    }

    /// `JobQueue`'s claim and complete statements for pgbench: the claim's
    /// `UPDATE … RETURNING` becomes the last CTE of a `SELECT` that hands the
    /// claimed ids to `\gset`, and the completion takes them as `:ids`.
    private var pgbenchScript: String {
        let worker = "'pgbench-' || :client_id"
        let claim = JobQueue.claimStatement.sql
            .replacingOccurrences(of: "$4", with: "'{\(Self.kind)}'")
            .replacingOccurrences(of: "$3", with: "60")
            .replacingOccurrences(of: "$2", with: worker)
            .replacingOccurrences(of: "$1", with: String(concurrency))
            .replacingOccurrences(of: "\nUPDATE ", with: "\n, claimed AS (UPDATE ")
        let complete = JobQueue.completeStatement.sql
            .replacingOccurrences(of: "$2", with: worker)
            .replacingOccurrences(of: "$1", with: ":ids")
        let oneLine = { (sql: String) in sql.split(separator: "\n").joined(separator: " ") }
        return oneLine(claim) + ") SELECT '{' || coalesce(string_agg(id::text, ','), '') || '}' AS ids FROM claimed \\gset\n"
            + oneLine(complete) + ";\n"
    }

    /// The cheapest queue: `JobQueue`'s claim with its `UPDATE` replaced by
    /// a `DELETE … RETURNING` of the picked batch, so claiming is completing
    /// and nothing is kept.
    var deletingScript: String {
        let claim = JobQueue.claimStatement.sql
            .replacingOccurrences(of: "$4", with: "'{\(Self.kind)}'")
            .replacingOccurrences(of: "$1", with: String(concurrency))
        let pick = claim.components(separatedBy: "\nUPDATE ")[0]
        return pick.split(separator: "\n").joined(separator: " ")
            + " DELETE FROM baton.jobs AS j USING next WHERE j.id = next.id RETURNING j.id, j.kind, j.args, j.attempt, j.max_attempts;\n"
    }

    /// One expiry run: `invites` due invites and one enabled endpoint
    /// taking every event, so each expiry fans out to one webhook job (with
    /// no endpoint the sweep would write events only); checked after the
    /// sweep, so the time counts every event and job the row names.
    private func expiry(on connection: PostgresConnection) throws -> Double {
        try connection.runScript(
            "TRUNCATE baton.jobs, baton.events, baton.redemptions, baton.invites, baton.invite_deadlines, baton.webhook_endpoints CASCADE")
        _ = try WebhookEndpointStore(secret: Sodium.randomBytes(32)).create(
            try NewWebhookEndpoint(url: "http://127.0.0.1:9/hooks/bench-expiry", destinations: .allowingLoopback), on: connection)
        try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            SELECT 'family-' || (i % 1000), 'Family', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea),
                   now() - interval '2 days', now() - interval '1 day' + i * interval '1 millisecond'
            FROM generate_series(1, $1::int8) AS i
            """, [invites])
        for script in ["VACUUM ANALYZE baton.invites", "VACUUM ANALYZE baton.invite_deadlines", "CHECKPOINT"] {
            try connection.runScript(script)
        }
        let schedule = PeriodicSchedule()
        let began = ContinuousClock.now
        let sweep = try InviteExpiry.sweep(
            limit: schedule.expiryBatch, parallel: schedule.expiryConnections, webhookMaxAttempts: schedule.webhookMaxAttempts,
            on: connection, conninfo: conninfo)
        let elapsed = (ContinuousClock.now - began) / .seconds(1)
        let jobs = try connection.query(
            "SELECT count(*)::int8 AS jobs FROM baton.jobs WHERE kind = $1", [OutboxEvents.webhookKind])[0].decode(Int.self, "jobs")
        guard sweep.expired == invites, jobs == invites else {
            throw BenchmarkError(
                code: "expiry_incomplete",
                message: "the sweep expired \(sweep.expired) of \(invites) due invites and enqueued \(jobs) webhook jobs")
        }
        return elapsed
    }

    private func wakeUpLatencies(on connection: PostgresConnection) throws -> [Double] {
        try connection.runScript("TRUNCATE baton.jobs")
        let ping = Ping()
        let worker = makeWorker(handler: ping, pollInterval: .seconds(60))
        worker.start()
        defer { worker.stop() }
        Thread.sleep(forTimeInterval: 0.5)
        var latencies: [Double] = []
        for _ in 0..<latencySamples {
            let sent = ContinuousClock.now
            try JobQueue.enqueue(NewJob(kind: Self.kind), on: connection)
            try JobQueue.wake(on: connection)
            guard let started = ping.next(timeout: 10) else { continue }
            latencies.append((started - sent) / .milliseconds(1))
        }
        return latencies.sorted()
    }

    private func makeWorker(handler: any JobHandler, pollInterval: Duration) -> Worker {
        let settings = WorkerSettings(concurrency: concurrency)
        let configuration = WorkerConfiguration(
            conninfo: conninfo, workerID: "bench-\(getpid())", settings: settings,
            pollInterval: pollInterval, runsPeriodicWork: false)
        return Worker(configuration: configuration, handlers: [Self.kind: handler])
    }
}

/// Does nothing but count: the burn-down measures the queue, not the work.
/// Signals `lastJobRan` when the `until`-th job has run.
private final class NoOp: JobHandler {
    let lastJobRan = DispatchSemaphore(value: 0)
    private let until: Int
    private let ran = Atomic(0)

    init(until: Int) { self.until = until }

    func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) {
        if ran.wrappingAdd(1, ordering: .relaxed).newValue == until { lastJobRan.signal() }
    }
}

/// Hands the start instant of each job to the waiting benchmark thread.
private final class Ping: JobHandler {
    private let starts = Mutex<[ContinuousClock.Instant]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) {
        starts.withLock { $0.append(.now) }
        arrived.signal()
    }

    func next(timeout seconds: Int) -> ContinuousClock.Instant? {
        guard arrived.wait(timeout: .now() + .seconds(seconds)) == .success else { return nil }
        return starts.withLock { $0.removeFirst() }
    }
}
