import BatonCore
import BatonServer
import Foundation
import HTTP
import Postgres

/// `baton bench api`: preview and redeem over HTTP, driven by `wrk` over
/// keep-alive connections, next to two ceilings measured in the same run
/// (DESIGN §8: target ≥ 70 % of the C ceiling): a minimal C server on
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
/// Each repetition runs, in order: preview at full load on Baton, C and
/// pgbench; preview at half load (each server paced to half its own
/// full-load rate of that repetition) on Baton and C; redeem on Baton, C and
/// pgbench. The report gives medians and Baton's range.
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
        /// Fresh invites made for each side's redeem runs; enough for every repetition.
        public var redeemInvites: Int
        /// Invites the previews cycle over.
        public var previewInvites: Int
        /// Repetitions of the whole sequence; medians are reported.
        public var repetitions: Int

        /// Defaults: 64 connections, 32 database clients, 5 s runs, 100,000
        /// fresh invites per side, 1,000 preview invites, 3 repetitions.
        public init(
            conninfo: String, repository: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            connections: Int = 64, databaseClients: Int = 32, seconds: Int = 5, redeemInvites: Int = 100_000,
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
    }

    /// The runs of one repetition, by what was measured and who.
    enum Series: CaseIterable {
        case previewOurs, previewCeiling, previewPgbench, halfOurs, halfCeiling, redeemOurs, redeemCeiling, redeemPgbench
    }

    /// The settings.
    public let options: Options

    /// A benchmark with `options`.
    public init(_ options: Options) {
        self.options = options
    }

    /// Migrates and fills the database, starts Baton and the C ceiling, runs
    /// the sequence `repetitions` times and reports medians with their
    /// ratios. Blocks for about `8 × seconds × repetitions` plus the set-up
    /// (inserting the invites, compiling the C ceiling).
    /// - Throws: `BenchmarkError` when the database, a server, wrk or pgbench fails.
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
        let ceiling = try startCeiling(fixtures)
        defer { ceiling.stop() }
        let ours = WrkDriver(port: server.port, connections: options.connections, seconds: options.seconds, script: fixtures.luaScript)
        let c = WrkDriver(port: ceiling.port, connections: options.connections, seconds: options.seconds, script: fixtures.luaScript)
        let pgbench = PgbenchDriver(conninfo: options.conninfo, clients: options.databaseClients, seconds: options.seconds)
        var runs: [Series: [Measurement]] = [:]
        var offsets = (ours: 0, ceiling: 0)
        for _ in 0..<options.repetitions {
            let previewOurs = try ours.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
            let previewCeiling = try c.run(mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey)
            runs[.previewOurs, default: []].append(previewOurs)
            runs[.previewCeiling, default: []].append(previewCeiling)
            runs[.previewPgbench, default: []].append(try pgbench.run(sql: fixtures.previewPgbenchSQL))
            runs[.halfOurs, default: []].append(try ours.run(
                mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey, pause: halfLoadPause(previewOurs)
            ))
            runs[.halfCeiling, default: []].append(try c.run(
                mode: "preview", credentials: fixtures.previewFile, apiKey: fixtures.apiKey, pause: halfLoadPause(previewCeiling)
            ))
            let redeemOurs = try ours.run(mode: "redeem", credentials: fixtures.redeemFile, apiKey: fixtures.apiKey, offset: offsets.ours)
            let redeemCeiling = try c.run(
                mode: "redeem", credentials: fixtures.ceilingRedeemFile, apiKey: fixtures.apiKey, redeemer: "bench-c", offset: offsets.ceiling
            )
            // wrk's threads move through the file at different speeds; skipping
            // threads × requests lines keeps every later request on a fresh invite.
            offsets.ours += redeemOurs.requests * WrkDriver.threads
            offsets.ceiling += redeemCeiling.requests * WrkDriver.threads
            runs[.redeemOurs, default: []].append(redeemOurs)
            runs[.redeemCeiling, default: []].append(redeemCeiling)
            runs[.redeemPgbench, default: []].append(try pgbench.run(sql: fixtures.redeemPgbenchSQL))
        }
        return report(runs, fresh: try fixtures.freshRedemptions(), offsets: offsets)
    }

    /// Milliseconds each connection waits between requests so that a server
    /// whose full-load rate was `full` gets about half of it.
    private func halfLoadPause(_ full: Measurement) -> Int {
        max(1, Int((Double(options.connections) * 2000 / max(full.requestsPerSecond, 1)).rounded()))
    }

    private func startCeiling(_ fixtures: Fixtures) throws(BenchmarkError) -> HTTPBenchmark.CeilingServer {
        let server = fixtures.configuration.server
        let settings = ServerConfiguration(threadPoolSize: server.threads, maxConnections: max(1024, server.threads))
        return try HTTPBenchmark.CeilingServer.start(
            source: "api.c", repository: options.repository, server: settings, packages: ["libpq", "libsodium"],
            arguments: [
                options.conninfo, Fixtures.secret, fixtures.previewSQLFile.path, fixtures.redeemSQLFile.path,
                OutboxEvents.webhookKind, String(OutboxEvents.defaultWebhookMaxAttempts),
            ]
        )
    }
}
