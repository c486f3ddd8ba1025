import BatonCore
import BatonServer
import Foundation
import HTTP
import Postgres

/// `baton-bench api`: preview and redeem over HTTP, driven by `wrk` over
/// keep-alive connections, next to two ceilings measured in the same run
/// (targets in docs/benchmarks.md): a minimal C server on
/// libmicrohttpd + libpq running the same SQL (`bench/ceiling/api.c`, same
/// libmicrohttpd options and thread count), and `pgbench` running the same
/// SQL with no HTTP at all (the database's own limit).
///
/// Every redeem hits a fresh single-use invite: invites and their tokens are
/// generated beforehand and `bench/api/credentials.lua` feeds them to wrk
/// from a file (each side its own, each repetition past the lines used
/// before); pgbench takes fresh ones of its own through a sequence, in the
/// same statement (`RedemptionStore.redeemByToken` with the hash looked up by
/// `nextval`). Previews cycle over invites previewed once already, so every
/// side measures the steady read path. Rate limits are off.
///
/// Both servers first get an untimed second of previews and one of
/// redeems, and pgbench an untimed second of redeems; without a fixed
/// `redeemInvites`, the fastest of those redeem rates then sizes the fresh
/// invites of the timed runs. Each repetition then starts with `VACUUM ANALYZE` and
/// `CHECKPOINT` and runs: preview at
/// full and at half load (paced to half the server's own full-load rate of
/// that repetition) on one server, then on the other, then on pgbench;
/// redeem on one server, the other and pgbench. Baton goes first in odd
/// repetitions, C in even ones. The report gives medians with Baton's range,
/// and each ratio as the median of the per-repetition ratios.
public struct APIBenchmark: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// The PostgreSQL database to fill and measure.
        public var conninfo: String
        /// The checkout holding `bench/api/credentials.lua` and `bench/ceiling/api.c`.
        public var repository: URL
        /// wrk connections.
        public var connections: Int
        /// Baton's and the C ceiling's HTTP threads, Baton's pool size, and pgbench's client count.
        public var databaseClients: Int
        /// Seconds per timed run.
        public var seconds: Int
        /// Fresh invites made for each side's redeem runs, enough for every
        /// repetition; nil: sized from the warm-up's redeem rate (``freshInvites(seconds:repetitions:redeemsPerSecond:)``
        /// at twice the fastest side's), so a fast run never stops with `invites_exhausted`.
        public var redeemInvites: Int?
        /// Invites the previews cycle over.
        public var previewInvites: Int
        /// Repetitions of the whole sequence; medians are reported.
        public var repetitions: Int

        /// Fresh invites each side needs for its warm-up second and
        /// `repetitions` redeem runs of `seconds` each, at up to
        /// `redeemsPerSecond`: a run uses its requests times wrk's threads
        /// lines, since each thread skips the others' (see `measure`).
        public static func freshInvites(
            seconds: Int, repetitions: Int, redeemsPerSecond: Double = assumedRedeemsPerSecond
        ) -> Int {
            Int((redeemsPerSecond * Double(WrkDriver.threads)).rounded(.up)) * (max(1, seconds) * max(1, repetitions) + 1)
        }

        /// The redeem rate that sizes the fresh invites when none is measured
        /// first (a fixed ``redeemInvites``, as the scaling benchmark sets).
        public static let assumedRedeemsPerSecond = 5_000.0

        /// Fresh invites per side made before the warm-up when
        /// ``redeemInvites`` is nil: its one second at up to 20,000 redeems/s,
        /// several times what a 2-core machine does.
        public static var warmUpInvites: Int { 20_000 * WrkDriver.threads }

        /// Fresh invites each side needs after a warm-up whose fastest side
        /// redeemed `warmUpRate` a second, holding `had`: twice that rate
        /// for every timed run (the warm-up is cold and short), never fewer
        /// than `had`, and `had` when ``redeemInvites`` fixes the count.
        func freshInvites(afterWarmUpAt warmUpRate: Double, had: Int) -> Int {
            guard redeemInvites == nil else { return had }
            return max(had, Self.freshInvites(seconds: seconds, repetitions: repetitions, redeemsPerSecond: 2 * warmUpRate))
        }

        /// Invites the benchmark adds to the table before it runs: the
        /// preview ones and each side's (Baton, C, pgbench) fresh ones for
        /// redeeming (with ``redeemInvites`` nil, the warm-up's; more follow it).
        public var invitesAdded: Int { previewInvites + 3 * (redeemInvites ?? Self.warmUpInvites) }

        /// Defaults: 64 connections, 32 database clients, 5 s runs, fresh
        /// invites per side sized from the warm-up, 1,000 preview invites,
        /// 3 repetitions.
        public init(
            conninfo: String, repository: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            connections: Int = 64, databaseClients: Int = 32, seconds: Int = 5, redeemInvites: Int? = nil,
            previewInvites: Int = 1000, repetitions: Int = 3
        ) {
            self.conninfo = conninfo
            self.repository = repository
            self.connections = connections
            self.databaseClients = databaseClients
            self.seconds = seconds
            self.redeemInvites = redeemInvites
            self.previewInvites = previewInvites
            self.repetitions = repetitions
        }
    }

    /// Throughput and latency of one timed run.
    struct Measurement {
        var requestsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        /// Requests (or transactions) completed in the run.
        var requests: Int
        /// The server process's CPU time per request (nil for pgbench):
        /// steadier than req/s on a shared machine.
        var cpuMicrosecondsPerRequest: Double?
    }

    /// The runs of one repetition, by what was measured and who.
    enum Series: CaseIterable {
        case previewOurs, previewCeiling, previewPgbench
        case halfOurs, halfCeiling
        case redeemOurs, redeemCeiling, redeemPgbench
    }

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Every timed run of one benchmark, with the redemptions they committed.
    struct Outcome {
        /// Each series' runs, one per repetition, in order.
        var runs: [Series: [Measurement]]
        /// Redemptions committed by Baton, by C and by pgbench, counted from the rows.
        var fresh: (ours: Int, ceiling: Int, pgbench: Int)
        /// Credential lines Baton's and C's redeem runs used.
        var offsets: (ours: Int, ceiling: Int)
        /// Fresh invites each side had (its credential lines).
        var freshLines: Int
        /// Why the repetitions stopped early, when a later one failed.
        var stopped: BenchmarkError?
    }

    /// Migrates and fills the database, starts Baton and the C ceiling, runs
    /// the sequence `repetitions` times and reports medians with their
    /// ratios. Blocks for about `8 × seconds × repetitions` plus the set-up
    /// (inserting the invites, compiling the C ceiling).
    /// - Throws: `BenchmarkError` when the database, a server, wrk or pgbench fails.
    public func run() throws(BenchmarkError) -> BenchmarkReport {
        report(try measure())
    }

    /// What `run` reports, before it is summarised: every run of every series.
    /// - Throws: `BenchmarkError` when the database, a server, wrk or pgbench fails.
    func measure() throws(BenchmarkError) -> Outcome {
        let fixtures = try Fixtures.prepare(options)
        defer { fixtures.remove() }
        let app = BatonApplication(configuration: fixtures.configuration)
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        // Lines are built and written as in production, to /dev/null.
        let logSink = FileDescriptorLogSink(descriptor: devNull)
        // `baton serve`'s settings, but with room for wrk's connections of one
        // run while the last run's are still being closed (all come from one
        // address, and the default per-client limit is exactly 64).
        let threads = fixtures.configuration.server.threads
        let settings = ServerConfiguration(
            port: 0, threadPoolSize: threads, maxConnections: max(1024, threads), maxConnectionsPerClient: 4 * options.connections,
            logSink: logSink
        )
        let server: Server
        do {
            server = try Server(router: app.makeRouter(), configuration: settings)
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Baton's server could not listen: \(error)")
        }
        // As `startServer` does: API keys are answered from memory once listening.
        app.apiKeyCache.start()
        defer {
            _ = server.shutdown(grace: .seconds(2))
            app.apiKeyCache.stop()
            app.pool.close()
        }
        let ceiling = try startCeiling(fixtures, settings: settings)
        defer { ceiling.stop() }
        func wrk(_ port: UInt16, cpu: @escaping () -> Double?) -> WrkDriver {
            WrkDriver(port: port, connections: options.connections, seconds: options.seconds, script: fixtures.luaScript, cpu: cpu)
        }
        let sides: [(preview: Series, half: Series, redeem: Series, driver: WrkDriver, file: URL, redeemer: String)] = [
            (.previewOurs, .halfOurs, .redeemOurs, wrk(server.port, cpu: HTTPBenchmark.CPUClock.ownProcess), fixtures.redeemFile, "bench"),
            (
                .previewCeiling, .halfCeiling, .redeemCeiling,
                wrk(ceiling.port, cpu: HTTPBenchmark.CPUClock.process(ceiling.process.processIdentifier)), fixtures.ceilingRedeemFile,
                "bench-c"
            ),
        ]
        let pgbench = PgbenchDriver(conninfo: options.conninfo, clients: options.databaseClients, seconds: options.seconds)
        var runs: [Series: [Measurement]] = [:]
        // Lines of each redeem file used so far. wrk's threads move through a
        // file at different speeds; skipping threads × requests lines keeps
        // every later request on a fresh invite.
        var offsets: [String: Int] = [:]
        var stopped: BenchmarkError?
        var freshLines = fixtures.freshLines
        // Each server's first requests connect its pool (C's lazily) and
        // warm its caches, and the first redeems of the run meet empty
        // receipt tables and cold indexes, which the first repetition's
        // first side to redeem (always Baton) paid; no side pays that in a
        // timed run.
        var warmUpRates: [Double] = []
        for side in sides {
            _ = try side.driver.warmUp.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
            let redeems = try side.driver.warmUp.run(
                mode: "redeem", credentials: side.file, apiKey: fixtures.apiKey, redeemer: side.redeemer, freshLines: freshLines
            )
            offsets[side.file.path] = redeems.requests * WrkDriver.threads
            warmUpRates.append(redeems.requestsPerSecond)
        }
        warmUpRates.append(try pgbench.warmUp.run(sql: fixtures.redeemPgbenchSQL).requestsPerSecond)
        try fixtures.checkPgbenchRedeems(within: freshLines)
        let needed = options.freshInvites(afterWarmUpAt: warmUpRates.max() ?? 0, had: freshLines)
        if needed > freshLines {
            try fixtures.addRedeemInvites(needed - freshLines, after: freshLines)
            freshLines = needed
        }
        for repetition in 0..<options.repetitions {
            // A repetition counts whole or not at all, so every series keeps
            // one run per repetition (the per-repetition ratios pair them).
            var round: [Series: Measurement] = [:]
            // Who goes first alternates, and each repetition starts from a
            // settled database, so that neither side always meets the
            // checkpoint or autovacuum the previous runs left behind.
            let order = repetition.isMultiple(of: 2) ? sides : sides.reversed()
            do {
                try fixtures.settle()
                for side in order {
                    let full = try side.driver.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
                    round[side.preview] = full
                    round[side.half] = try side.driver.run(
                        mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey, pause: halfLoadPause(full)
                    )
                }
                round[.previewPgbench] = try pgbench.run(sql: fixtures.previewPgbenchSQL)
                for side in order {
                    let offset = offsets[side.file.path, default: 0]
                    let redeem = try side.driver.run(
                        mode: "redeem", credentials: side.file, apiKey: fixtures.apiKey, redeemer: side.redeemer, offset: offset,
                        freshLines: freshLines
                    )
                    offsets[side.file.path] = offset + redeem.requests * WrkDriver.threads
                    round[side.redeem] = redeem
                }
                round[.redeemPgbench] = try pgbench.run(sql: fixtures.redeemPgbenchSQL)
                try fixtures.checkPgbenchRedeems(within: freshLines)
            } catch {
                // Whole repetitions already measured stand (a fill before
                // them may have taken half an hour); the failure is reported.
                guard repetition > 0 else { throw error }
                stopped = error
                break
            }
            for (series, measurement) in round { runs[series, default: []].append(measurement) }
        }
        let used = (offsets[fixtures.redeemFile.path] ?? 0, offsets[fixtures.ceilingRedeemFile.path] ?? 0)
        return Outcome(runs: runs, fresh: try fixtures.freshRedemptions(), offsets: used, freshLines: freshLines, stopped: stopped)
    }

    /// Milliseconds each connection waits between requests so that a server
    /// whose full-load rate was `full` gets about half of it.
    private func halfLoadPause(_ full: Measurement) -> Int {
        max(1, Int((Double(options.connections) * 2000 / max(full.requestsPerSecond, 1)).rounded()))
    }

    private func startCeiling(_ fixtures: Fixtures, settings: ServerConfiguration) throws(BenchmarkError) -> HTTPBenchmark.CeilingServer {
        try HTTPBenchmark.CeilingServer.start(
            source: "api.c", repository: options.repository, server: settings, packages: ["libpq", "libsodium"],
            arguments: [
                options.conninfo, Fixtures.secret, fixtures.previewSQLFile.path, fixtures.redeemSQLFile.path,
                OutboxEvents.webhookKind, String(OutboxEvents.defaultWebhookMaxAttempts),
            ]
        )
    }
}
