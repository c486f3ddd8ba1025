import BatonCore
import BatonServer
import Foundation
import Postgres

/// `baton-bench invites`: invite creation over HTTP next to `pgbench`
/// running the very same INSERT statement on the same database.
///
/// Baton serves `POST /v1/invites` (one invite per request) and
/// `POST /v1/invites/batch` (1,000 per request) in-process, driven by `wrk`
/// over keep-alive connections; each request authenticates its API key,
/// validates, generates and hashes the credentials and commits one
/// transaction. The ceiling runs `InviteStore.insert` with random hashes in
/// SQL, one statement per transaction, on as many `pgbench` clients.
public struct InviteCreationBenchmark: Sendable {
    /// The database to measure; migrated first.
    public var conninfo: String
    /// wrk connections and pgbench clients for single creates.
    public var connections: Int
    /// wrk connections and pgbench clients for batches.
    public var batchConnections: Int
    /// Length of each timed run.
    public var duration: Duration
    /// Alternating rounds of ours and the ceiling; medians are reported.
    public var rounds: Int

    /// Invites per batch request.
    static let batchSize = 1000

    public init(conninfo: String, connections: Int = 16, batchConnections: Int = 2, duration: Duration = .seconds(5), rounds: Int = 3) {
        self.conninfo = conninfo
        self.connections = connections
        self.batchConnections = batchConnections
        self.duration = duration
        self.rounds = rounds
    }

    /// Runs every round and reports medians.
    /// - Throws: configuration, database, `wrk` or `pgbench` failures.
    public func run() throws -> BenchmarkReport {
        let (app, key) = try startApplication()
        let server = try app.startServer(logSink: DiscardingLogSink.shared)
        defer {
            _ = server.shutdown(grace: .seconds(2))
            app.close()
        }
        let single = try Self.writeFile("single.lua", Self.wrkScript(key: key, body: Self.invitesJSON(count: 1, wrapped: false)))
        let batch = try Self.writeFile("batch.lua", Self.wrkScript(key: key, body: Self.invitesJSON(count: Self.batchSize, wrapped: true)))
        defer {
            try? FileManager.default.removeItem(at: single)
            try? FileManager.default.removeItem(at: batch)
        }

        var figures: [[Double]] = Array(repeating: [], count: 4)
        for _ in 0..<rounds {
            figures[0].append(
                try HTTPBenchmark.Wrk.requestsPerSecond(
                    port: server.port, connections: connections, duration: duration, path: "/v1/invites", script: single
                ))
            figures[1].append(try pgbench(clients: connections, invites: 1))
            figures[2].append(
                Double(Self.batchSize)
                    * (try HTTPBenchmark.Wrk.requestsPerSecond(
                        port: server.port, connections: batchConnections, duration: duration, path: "/v1/invites/batch", script: batch
                    )))
            figures[3].append(Double(Self.batchSize) * (try pgbench(clients: batchConnections, invites: Self.batchSize)))
        }
        return BenchmarkReport(
            title: "Invite creation: HTTP vs pgbench with the same INSERT",
            rows: [
                row("POST /v1/invites, \(connections) connections", figures[0], figures[1]),
                row("POST /v1/invites/batch (1,000 each), \(batchConnections) connections", figures[2], figures[3]),
            ],
            notes: [
                "Ours: wrk over keep-alive, each request authenticated, validated, credentials generated and HMAC'd, one transaction (insert + invite.created events).",
                "Ceiling: pgbench running InviteStore.insert with random hashes made in SQL, autocommit, same client count.",
                "\(rounds) alternating rounds of \(duration) each; median (range). fsync as the cluster is configured.",
            ])
    }

    private func row(_ name: String, _ ours: [Double], _ ceiling: [Double]) -> BenchmarkReport.Row {
        BenchmarkReport.Row(name: name, unit: "invites/s", runs: ours, ceilingRuns: ceiling, ceilingName: "pgbench, same INSERT")
    }

    private func startApplication() throws -> (BatonApplication, String) {
        let configuration = try BatonConfiguration(environment: [
            Setting.databaseURL.name: conninfo, Setting.secretKey.name: Sodium.hex(Sodium.randomBytes(32)),
            Setting.listen.name: "127.0.0.1:0", Setting.httpThreads.name: String(connections),
            Setting.poolSize.name: String(connections), Setting.publicBaseURL.name: "https://bench.example",
            Setting.clipBundleID.name: "com.example.bench.Clip",
            // One key creates thousands of invites a second: past the per-key limit.
            Setting.rateLimits.name: "off",
        ])
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        try Migrator().migrate(on: connection)
        let key = try APIKeyStore(secret: configuration.secretKey).create(name: "bench invites", scopes: [.invitesWrite], on: connection)
        return (BatonApplication(configuration: configuration), key.0.text)
    }

    private func pgbench(clients: Int, invites: Int) throws -> Double {
        let same = { (value: String) in "array_fill(\(value), ARRAY[\(invites)])" }
        let random = "ARRAY(SELECT decode(md5(random()::text) || md5(random()::text), 'hex') FROM generate_series(1, \(invites)))"
        let columns = [
            "$10::uuid": "NULL::uuid", "$1::text[]": same("'bench'::text"), "$2::text[]": same("'Bench family'::text"),
            "$3::text[]": same("NULL::text"), "$4::text[]": same("NULL::text"), "$5::bytea[]": random, "$6::bytea[]": random,
            "$7::int8[]": same("1::int8"), "$8::text[]": same("'{}'::text"), "$9::int8[]": same("604800::int8"),
            "$11::text[]": same("NULL::text"), "$12::bytea[]": same("NULL::bytea"), "$13::text[]": same("NULL::text"),
            "$14::bool[]": same("false"), "$15::text[]": same("NULL::text"), "$16::text[]": same("NULL::text"),
            "$17::text[]": same("NULL::text"),
        ]
        let sql = columns.reduce(InviteStore.insert.sql) { sql, column in sql.replacingOccurrences(of: column.key, with: column.value) }
        let script = sql.split(separator: "\n").joined(separator: " ") + ";\n"
        let runner = try PgbenchRunner(conninfo: conninfo, clients: clients, duration: duration, name: "invites-\(invites)", script: script)
        defer { runner.removeScript() }
        return try runner.run().queriesPerSecond
    }

    /// A single create's body, or a batch of `count` as `{"invites": [...]}`.
    static func invitesJSON(count: Int, wrapped: Bool) -> String {
        let item = #"{"family_id":"bench","family_name":"Bench family","inviter_name":"Ann"}"#
        return wrapped ? #"{"invites":["# + Array(repeating: item, count: count).joined(separator: ",") + "]}" : item
    }

    static func wrkScript(key: String, body: String) -> String {
        """
        wrk.method = "POST"
        wrk.headers["Content-Type"] = "application/json"
        wrk.headers["Authorization"] = "Bearer \(key)"
        wrk.body = [[\(body)]]

        """
    }

    static func writeFile(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-invites-\(getpid())-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
