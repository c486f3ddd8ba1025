import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

/// The scale-out docs/operations.md promises, with the built `baton` binary:
/// three `baton serve` processes through PgBouncer in transaction mode and
/// two `baton worker` processes directly (they LISTEN) on one database.
@Suite("many baton processes on one database", .timeLimit(.minutes(10)))
struct ManyProcessTests {
    static let secretHex = TestSecrets.secretKeyHex
    static let webhookSecret = "whsec-many-processes-0123456789abcdef"
    static let invites = 30
    static let maxRedemptions = 3
    static let racersPerAPI = 4

    @Test(
        "three APIs behind PgBouncer and two workers: exact receipts, one leader, every webhook once, a killed leader replaced"
    )
    func scaleOut() async throws {
        guard FileManager.default.isExecutableFile(atPath: PgBouncer.executable) else {
            Issue.record("pgbouncer is not installed (scripts/setup installs it)")
            return
        }
        let direct = try TestPostgres.shared.makeDatabase()
        let migrate = try BatonProcess(["migrate", "--wait", "10"], environment: Self.base(direct))
        #expect(migrate.exitCode(within: 60) == 0, "\(migrate.errorOutput)")
        let database = try PostgresConnection(direct)
        defer { database.close() }
        let adminKey = try APIKeyStore(secret: TestSecrets.secretKey)
            .create(name: "scale-out", scopes: Set(Scope.allCases), on: database).0.text

        let bouncer = try PgBouncer(upstream: direct, serverConnections: 4)
        let receiver = try WebhookReceiver(secret: Array(Self.webhookSecret.utf8))
        let apis = try (0..<3).map { _ in
            try BatonProcess(
                ["serve"],
                environment: Self.base(bouncer.conninfo).merging([
                    "BATON_DB_TRANSACTION_POOLING": "on", "BATON_LISTEN": "127.0.0.1:0", "BATON_RATE_LIMITS": "off",
                    "BATON_PUBLIC_BASE_URL": "https://invites.example.test", "BATON_DB_POOL_SIZE": "4", "BATON_HTTP_THREADS": "4",
                ]) { $1 })
        }
        let workers = try ["worker-a", "worker-b"].map { id in
            try BatonProcess(
                ["worker", "--id", id],
                environment: Self.base(direct).merging([
                    "BATON_WEBHOOK_URL": receiver.url, "BATON_WEBHOOK_SECRET": Self.webhookSecret, "BATON_WORKER_CONCURRENCY": "4",
                    "BATON_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
                ]) { $1 })
        }
        let ports = try apis.map { try Self.readyPort(of: $0) }

        // Invites from one API, redeemed through all three.
        let created = try HTTPTestClient(port: ports[0], apiKey: adminKey).post(
            "/v1/invites/batch",
            json: [
                "invites": (0..<Self.invites).map {
                    ["family_id": "fam-\($0)", "family_name": "F", "max_redemptions": Self.maxRedemptions]
                }
            ])
        #expect(created.status == 201)
        let tokens = ((created.json["invites"] as? [[String: Any]]) ?? []).compactMap { $0["token"] as? String }
        #expect(tokens.count == Self.invites)
        let answers = try await RedemptionRaceTests.onThreads(3 * Self.racersPerAPI) { racer in
            let client = try HTTPTestClient(port: ports[racer % 3], apiKey: adminKey)
            return try tokens.indices.shuffled().map { index in
                let response = try client.post("/v1/redemptions", json: ["token": tokens[index], "redeemer_id": "racer-\(racer)"])
                return (index, response.status)
            }
        }
        let receipts = Dictionary(grouping: answers.filter { $0.1 == 201 }, by: \.0)
        let perInvite = tokens.indices.map { receipts[$0]?.count ?? 0 }
        #expect(perInvite.allSatisfy { $0 == Self.maxRedemptions }, "receipts per invite: \(perInvite)")
        #expect(answers.allSatisfy { [201, 409].contains($0.1) }, "statuses: \(Set(answers.map(\.1)))")

        // One leader, and every webhook delivered exactly once.
        let leader = try #require(try Self.waitForLeader(on: database, among: ["worker-a", "worker-b"]))
        let expected = Self.invites * Self.maxRedemptions
        _ = try await receiver.waitForDeliveries(expected, timeout: .seconds(30))
        // A duplicate could still be on its way while a delivery job runs;
        // once none is left unfinished, every delivery has arrived.
        let settled = eventually(within: 30) {
            (try? database.query("SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver' AND state <> 'completed'")[0]
                .decode(Int.self, at: 0)) == 0
        }
        #expect(settled, "webhook jobs still unfinished")
        let deliveries = receiver.deliveries
        let ids = receiver.deliveries.compactMap { $0.json["id"] as? String }
        #expect(deliveries.count >= expected && ids.count == expected && Set(ids).count == expected, "\(ids.count) deliveries")
        #expect(receiver.deliveries.allSatisfy { $0.signatureIsValid })
        let leading = workers.map { $0.logLines.filter { $0["msg"] as? String == "became leader for periodic work" }.count }
        #expect(leading.reduce(0, +) == 1, "leadership acquisitions per worker: \(leading)")

        // SIGKILL the leader just after making invites that expire in 2 s:
        // only a leader sweeps them.
        let doomed = try HTTPTestClient(port: ports[1], apiKey: adminKey).post(
            "/v1/invites/batch",
            json: ["invites": (0..<5).map { ["family_id": "doomed-\($0)", "family_name": "D", "ttl_seconds": 2] }])
        #expect(doomed.status == 201)
        let leaderIndex = leader == "worker-a" ? 0 : 1
        let killedAt = ContinuousClock.now
        #expect(workers[leaderIndex].stop(SIGKILL, within: 5) == -1)
        let survivor = leaderIndex == 0 ? "worker-b" : "worker-a"
        #expect(try Self.waitForLeader(on: database, among: [survivor], within: 60) == survivor)
        let takeover = ContinuousClock.now - killedAt
        let swept = eventually(within: 30) {
            (try? database.query("SELECT count(*) FROM baton.invites WHERE family_id LIKE 'doomed-%' AND state = 'expired'")[0]
                .decode(Int.self, at: 0)) == 5
        }
        let sweep = ContinuousClock.now - killedAt
        #expect(swept, "the new leader never swept the expired invites")
        let backends = try database.query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")[0]
            .decode(Int.self, at: 0)
        // The figures docs/scaling.md quotes.
        print(
            "scale-out: leader takeover \(takeover), sweep \(sweep) after SIGKILL; "
                + "\(backends) server backends for 3 APIs x 4 pooled connections (through PgBouncer) + 1 worker + this test")
    }

    /// The settings every process gets.
    static func base(_ conninfo: String) -> [String: String] {
        ["BATON_DATABASE_URL": conninfo, "BATON_SECRET_KEY": secretHex]
    }

    /// The port `baton serve` logged it listens on, once `/readyz` answers 200 there.
    static func readyPort(of api: BatonProcess) throws -> UInt16 {
        var port: UInt16?
        let ready = eventually(within: 30) {
            if port == nil {
                let address = api.logLines.first { $0["msg"] as? String == "listening" }?["address"] as? String
                port = address.flatMap { $0.split(separator: ":").last }.flatMap { UInt16($0) }
            }
            guard let port, let client = try? HTTPTestClient(port: port, timeout: .seconds(2)) else { return false }
            return (try? client.get("/readyz").status) == 200
        }
        guard ready, let port else { throw NotReady(log: api.errorOutput) }
        return port
    }

    /// The holder of the periodic-work lease once it is one of `candidates`.
    static func waitForLeader(on database: PostgresConnection, among candidates: [String], within seconds: Double = 20) throws -> String? {
        var holder: String?
        _ = try eventually(within: seconds) {
            let rows = try database.query("SELECT holder FROM baton.leaders WHERE role = 'periodic' AND expires_at > now()")
            holder = try rows.first.map { try $0.decode(String.self, at: 0) }
            return holder.map(candidates.contains) ?? false
        }
        return holder.flatMap { candidates.contains($0) ? $0 : nil }
    }

    /// `baton serve` never became ready.
    struct NotReady: Error, CustomStringConvertible {
        let log: String
        var description: String { "baton serve did not become ready: \(log.suffix(1000))" }
    }
}
