import BatonCore
import BatonServer
import Foundation
import HTTP
import Postgres

/// `baton bench api`: preview and redeem over HTTP, driven by `wrk` over
/// keep-alive connections, next to `pgbench` running the same SQL on the
/// same cluster in the same run (DESIGN §8: target ≥ 70 %).
///
/// Every redeem hits a fresh single-use invite: invites and their tokens are
/// generated beforehand and `bench/api/credentials.lua` feeds them to wrk
/// from a file; pgbench takes fresh ones of its own through a sequence, in
/// the same statement (`RedemptionStore.redeemByToken` with the hash looked
/// up by `nextval`). Previews cycle over invites previewed once already, so
/// both sides measure the steady read path. Rate limits are off.
public struct APIBenchmark: Sendable {
    /// What to run.
    public struct Options: Sendable {
        /// The PostgreSQL database to fill and measure.
        public var conninfo: String
        /// The checkout holding `bench/api/credentials.lua`.
        public var repository: URL
        /// wrk connections.
        public var connections: Int
        /// Baton's HTTP threads and pool size, and pgbench's client count.
        public var databaseClients: Int
        /// Seconds per timed run.
        public var seconds: Int
        /// Fresh invites made for each side's redeem run; enough for the run.
        public var redeemInvites: Int
        /// Invites the previews cycle over.
        public var previewInvites: Int

        /// Defaults: 64 connections, 32 database clients, 5 s runs, 100,000
        /// fresh invites per side, 1,000 preview invites.
        public init(
            conninfo: String, repository: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            connections: Int = 64, databaseClients: Int = 32, seconds: Int = 5, redeemInvites: Int = 100_000, previewInvites: Int = 1000
        ) {
            self.conninfo = conninfo
            self.repository = repository
            self.connections = connections
            self.databaseClients = databaseClients
            self.seconds = seconds
            self.redeemInvites = redeemInvites
            self.previewInvites = previewInvites
        }
    }

    /// Throughput and latency of one timed run.
    struct Measurement {
        var requestsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
    }

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Migrates and fills the database, runs preview then redeem, Baton then
    /// pgbench, and reports both with their ratios. Blocks for about
    /// `4 × seconds` plus the set-up (inserting the invites).
    /// - Throws: `BenchmarkError` when the database, the server, wrk or pgbench fails.
    public func run() throws(BenchmarkError) -> BenchmarkReport {
        let fixtures = try Fixtures.prepare(options)
        defer { fixtures.remove() }
        let app = BatonApplication(configuration: fixtures.configuration)
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }
        let server: Server
        do {
            // Lines are built and written as in production, to /dev/null.
            server = try app.startServer(logSink: FileDescriptorLogSink(descriptor: devNull))
        } catch {
            throw BenchmarkError(code: "setup_failed", message: "Baton's server could not listen: \(error)")
        }
        defer {
            _ = server.shutdown(grace: .seconds(2))
            app.pool.close()
        }
        let wrk = WrkDriver(port: server.port, connections: options.connections, seconds: options.seconds, script: fixtures.luaScript)
        let pgbench = PgbenchDriver(conninfo: options.conninfo, clients: options.databaseClients, seconds: options.seconds)
        let previewOurs = try wrk.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
        let previewCeiling = try pgbench.run(sql: fixtures.previewPgbenchSQL)
        let redeemOurs = try wrk.run(mode: "redeem", credentials: fixtures.redeemFile, apiKey: fixtures.apiKey)
        let redeemCeiling = try pgbench.run(sql: fixtures.redeemPgbenchSQL)
        let fresh = try fixtures.freshRedemptions()
        return report(preview: (previewOurs, previewCeiling), redeem: (redeemOurs, redeemCeiling), fresh: fresh)
    }

    private func report(preview: (Measurement, Measurement), redeem: (Measurement, Measurement), fresh: (Int, Int)) -> BenchmarkReport {
        var report = BenchmarkReport(title: "Invite API over HTTP vs pgbench with the same SQL")
        for (name, (ours, ceiling)) in [("preview", preview), ("redeem (fresh invite each)", redeem)] {
            let ceilingName = "pgbench -M prepared, \(options.databaseClients) clients"
            report.rows.append(.init(name: "\(name), \(options.connections) connections", unit: "req/s", ours: ours.requestsPerSecond,
                                     ceiling: ceiling.requestsPerSecond, ceilingName: ceilingName))
            report.rows.append(.init(name: "\(name) p50", unit: "ms", ours: ours.p50Milliseconds, ceiling: ceiling.p50Milliseconds,
                                     ceilingName: ceilingName, higherIsBetter: false))
            report.rows.append(.init(name: "\(name) p99", unit: "ms", ours: ours.p99Milliseconds, ceiling: ceiling.p99Milliseconds,
                                     ceilingName: ceilingName, higherIsBetter: false))
        }
        report.notes = [
            "Baton: \(options.databaseClients) HTTP threads and pool connections, rate limits off, access log to /dev/null; wrk --latency, \(WrkDriver.threads) threads, keep-alive, \(options.seconds) s per run.",
            "Fresh redemptions committed: Baton \(fresh.0), pgbench \(fresh.1) (each on its own invites, each a new row, event and webhook job).",
            "pgbench latencies are per transaction from its --log; wrk's are per HTTP request. Same cluster, fsync as configured.",
        ]
        return report
    }
}
