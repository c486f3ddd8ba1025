import Foundation
import Postgres
import Synchronization

/// `baton-bench pool`: primary-key `SELECT`s through `PostgresPool` against
/// the same `SELECT` driven by `pgbench` (the ceiling), on the same cluster
/// with the same client count and duration.
///
/// Ours runs `clients` threads, each borrowing a pooled connection per query
/// and running a named prepared statement; `pgbench` runs a custom script
/// (`-f`) with `-M prepared` and one thread per client. Rounds alternate ours
/// and `pgbench` so drift on the machine hits both; the report gives medians.
/// The benchmark creates (and leaves, for reruns) the table `baton_bench_pool`.
public struct PoolBenchmark: Sendable {
    /// The cluster to measure, as a URL or conninfo string.
    public var conninfo: String
    /// Concurrent clients: pool size and thread count for ours, `-c`/`-j` for pgbench.
    public var clients: Int
    /// How long each timed run lasts.
    public var duration: Duration
    /// How many rounds of (ours, pgbench) to run.
    public var rounds: Int
    /// Rows in the table; each query picks one uniformly at random.
    public var rows: Int

    /// A benchmark; see the properties.
    public init(conninfo: String, clients: Int = 8, duration: Duration = .seconds(5), rounds: Int = 3, rows: Int = 100_000) {
        self.conninfo = conninfo
        self.clients = max(1, clients)
        self.duration = duration
        self.rounds = max(1, rounds)
        self.rows = max(1, rows)
    }

    static let select = PostgresStatement(
        name: "baton_bench_pool_select", sql: "SELECT payload FROM baton_bench_pool WHERE id = $1")

    /// Prepares the table, runs the rounds and returns ours next to pgbench's.
    /// - Throws: `PoolBenchmarkError` (setup or a query failed, pgbench missing or failing).
    public func run() throws(PoolBenchmarkError) -> BenchmarkReport {
        try prepareTable()
        let pgbench = try PgbenchRunner(conninfo: conninfo, clients: clients, duration: duration, rows: rows)
        defer { pgbench.removeScript() }
        var ours: [BenchmarkRun] = []
        var ceiling: [BenchmarkRun] = []
        for _ in 0..<rounds {
            ours.append(try runThroughPool())
            ceiling.append(try pgbench.run())
        }
        let rows = [
            BenchmarkReport.Row(
                name: "SELECT by primary key, \(clients) clients", unit: "queries/s", runs: ours.map(\.queriesPerSecond),
                ceilingRuns: ceiling.map(\.queriesPerSecond), ceilingName: "pgbench -M prepared, same SELECT"),
            BenchmarkReport.Row(
                name: "client CPU per query", unit: "µs", runs: ours.map(\.cpuMicrosecondsPerQuery),
                ceilingRuns: ceiling.map(\.cpuMicrosecondsPerQuery), ceilingName: "pgbench process", higherIsBetter: false),
        ]
        return BenchmarkReport(
            title: "Connection pool", rows: rows,
            notes: [
                "\(rounds) rounds of \(duration) each, alternating; medians, Baton's min–max in brackets. Table of \(self.rows) rows.",
                "pgbench runs (queries/s per round): "
                    + ceiling.map { String(format: "%.0f", $0.queriesPerSecond) }.joined(separator: ", "),
                "Ours: one thread per client, PostgresPool.withConnection + a named prepared statement per query.",
                "Client CPU is user + system time of the client process only; the server's is not counted.",
            ])
    }

    private func prepareTable() throws(PoolBenchmarkError) {
        do {
            let connection = try PostgresConnection(conninfo)
            defer { connection.close() }
            try connection.runScript(
                "CREATE TABLE IF NOT EXISTS baton_bench_pool (id int PRIMARY KEY, payload text NOT NULL)")
            let count: Int = try connection.query("SELECT count(*) FROM baton_bench_pool")[0].decode(at: 0)
            guard count != rows else { return }
            try connection.runScript("TRUNCATE baton_bench_pool")
            try connection.query(
                "INSERT INTO baton_bench_pool SELECT i, 'payload-' || i FROM generate_series(1, $1::int8) AS i", [rows])
            try connection.runScript("ANALYZE baton_bench_pool")
        } catch {
            throw .postgres(error)
        }
    }

    /// One timed run: every thread opens its connection and waits at the
    /// start line, so connecting is not timed (as pgbench excludes it too).
    private func runThroughPool() throws(PoolBenchmarkError) -> BenchmarkRun {
        let pool = PostgresPool(PostgresPoolConfiguration(conninfo: conninfo, maxConnections: clients))
        defer { pool.close() }
        let ready = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let counts = Mutex<[Int]>([])
        let failure = Mutex<PostgresError?>(nil)
        let deadline = Mutex<ContinuousClock.Instant>(.now)
        let rows = Int32(clamping: rows)
        for _ in 0..<clients {
            ready.enter()
            finished.enter()
            Thread {
                defer { finished.leave() }
                var count = 0
                var random = SplitMix64(seed: UInt64.random(in: 0 ... .max))
                do {
                    try pool.withConnection { try $0.query(Self.select, [Int32.random(in: 1...rows)]) }
                    ready.leave()
                    start.wait()
                    let end = deadline.withLock { $0 }
                    while ContinuousClock.now < end {
                        let id = Int32.random(in: 1...rows, using: &random)
                        try pool.withConnection { try $0.query(Self.select, [id]) }
                        count += 1
                    }
                } catch {
                    failure.withLock { $0 = error as? PostgresError ?? PostgresError(.unexpectedResult) }
                }
                counts.withLock { $0.append(count) }
            }.start()
        }
        ready.wait()
        let cpuBefore = BenchmarkRun.cpuSeconds(children: false)
        let began = ContinuousClock.now
        deadline.withLock { $0 = began + duration }
        for _ in 0..<clients { start.signal() }
        finished.wait()
        if let error = failure.withLock({ $0 }) { throw .postgres(error) }
        let elapsed = ContinuousClock.now - began
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let queries = counts.withLock { $0.reduce(0, +) }
        return BenchmarkRun(
            queriesPerSecond: Double(queries) / seconds, queries: queries,
            cpuSeconds: BenchmarkRun.cpuSeconds(children: false) - cpuBefore)
    }
}

/// A fast generator for picking row ids: the system generator costs a
/// `getrandom` system call per number, which pgbench's `random()` does not.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
