import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Journey
import Postgres
import Testing

@Suite("Funnel rollup by the leader", .timeLimit(.minutes(10)))
struct FunnelRollupWorkTests {
    @Test("the leader rolls up the expiry sweep's events and stages, and the report equals the raw counts throughout")
    func leaderRollsUp() throws {
        let db = try WorkerDatabase()
        try db.connection.query(
            """
            WITH invite AS (
                INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
                SELECT 'f', 'F', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea), now() - interval '2 days', now() - interval '1 day'
                FROM generate_series(1, 40) AS i
                RETURNING id, family_id, created_at
            )
            INSERT INTO baton.events (type, invite_id, family_id, occurred_at) SELECT 'invite.created', id, family_id, created_at FROM invite
            """)
        let query = try JourneyQuery()
        let worker = db.worker(handlers: [:]) { $0.periodic.funnelRollupInterval = .milliseconds(100) }
        worker.start()
        defer { worker.stop() }
        #expect(
            try eventually(within: 10) {
                let watermark: Int64 = try db.connection.query("SELECT watermark_id FROM baton.funnel_rollup_state")[0].decode(at: 0)
                let events: Int64 = try db.connection.query("SELECT count(*) FROM baton.events")[0].decode(at: 0)
                return events == 80 && watermark == 80
            })
        let report = try FunnelStore.report(query, on: db.connection)
        #expect(report.totals.tally.counts == FunnelCounts(issued: 40, previewed: 0, redeemed: 0, expired: 40, revoked: 0))
        let rolled: Int = try db.connection.query("SELECT sum(count)::bigint FROM baton.funnel_rollup_hourly")[0].decode(at: 0)
        #expect(rolled == 80)
        #expect(
            try eventually(within: 10) {
                try db.connection.query("SELECT count(*) FROM baton.journey_changes")[0].decode(Int64.self, at: 0) == 0
            }, "the journey's stage rollup is stepped beside it")
        let stages: Int = try db.connection.query(
            "SELECT sum(ever)::bigint FROM baton.journey_rollup_hourly WHERE view = 'flow'")[0].decode(at: 0)
        #expect(stages == 80)
        #expect(try JourneyStore.report(query, on: db.connection).totals.stages[.expired] == 40)
    }
}
