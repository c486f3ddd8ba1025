import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonBench

@Suite("ScalingBenchmark", .timeLimit(.minutes(10)))
struct ScalingBenchmarkTests {
    @Test(
        "a table size is labelled by its nearest power of ten and its exact count",
        arguments: [
            (9_999, "10^4 (9999)"), (10_000, "10^4 (10000)"), (31_000, "10^4 (31000)"), (91_000, "10^5 (91000)"),
            (1_021_000, "10^6 (1021000)"), (0, "10^0 (0)"),
        ])
    func sizeLabels(count: Int, label: String) {
        #expect(ScalingBenchmark.sizeLabel(count) == label)
    }

    @Test("a plan's scan nodes are listed once each, without costs or CTE scans")
    func scanNodes() {
        let plan = [
            "Nested Loop  (cost=0.56..16.61 rows=1 width=8)",
            "  CTE target",
            "    ->  Index Scan using invites_token_hash_key on invites  (cost=0.43..8.45 rows=1 width=90)",
            "          Index Cond: (token_hash = $1)",
            "  ->  CTE Scan on target t  (cost=0.00..0.02 rows=1 width=16)",
            "  ->  Seq Scan on redemptions  (cost=0.00..1.01 rows=1 width=1)",
            "  ->  Index Scan using invites_token_hash_key on invites  (cost=0.43..8.45 rows=1 width=90)",
        ]
        #expect(ScalingBenchmark.scanNodes(in: plan) == ["Index Scan using invites_token_hash_key on invites", "Seq Scan on redemptions"])
    }

    @Test("preview and redeem find their invite through the token hash's unique index")
    func plansUseTheTokenIndex() throws {
        let database = try TestPostgres.shared.makeMigratedDatabase()
        let connection = try PostgresConnection(database)
        defer { connection.close() }
        try InviteHistory(anchor: Date(), invites: 2000, families: 5).load(1...2000, on: connection, quietSeconds: 0) { _ in }
        let summary = try ScalingBenchmark(.init(api: .init(conninfo: database))).planSummary()
        #expect(summary.hasPrefix("plans: preview Index Scan using invites_token_hash_key on invites"))
        #expect(summary.contains("redeem Index Scan using invites_token_hash_key on invites"))
    }
}
