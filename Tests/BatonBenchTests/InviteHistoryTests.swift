import BatonCore
import BatonTestSupport
import Foundation
import Journey
import Postgres
import Testing

@testable import BatonBench

/// One small generated history, loaded in two parts as the scaling benchmark
/// grows its table, checked against the invariants the service keeps.
@Suite("InviteHistory", .timeLimit(.minutes(10)))
struct InviteHistoryTests {
    /// The database holding the history, loaded once for the suite.
    static let database = Result { () throws -> String in
        let conninfo = try TestPostgres.shared.makeMigratedDatabase()
        let connection = try PostgresConnection(conninfo)
        defer { connection.close() }
        let history = InviteHistory(anchor: Date(), invites: 3000, families: 7)
        try history.load(1...1000, on: connection, quietSeconds: 0, progress: { _ in })
        try history.load(1001...3000, on: connection, quietSeconds: 0, progress: { _ in })
        return conninfo
    }

    let connection: PostgresConnection

    init() throws {
        connection = try PostgresConnection(try Self.database.get())
    }

    private func count(_ sql: String) throws -> Int {
        try connection.query(sql)[0].decode(at: 0)
    }

    @Test("every invite is written once, with an invite.created event, over the generated families")
    func everyInviteOnce() throws {
        #expect(try count("SELECT count(*) FROM baton.invites") == 3000)
        #expect(try count("SELECT count(*) FROM baton.events WHERE type = 'invite.created'") == 3000)
        #expect(try count("SELECT count(DISTINCT family_id) FROM baton.invites") == 7)
        #expect(
            try count("SELECT count(*) FROM baton.invites WHERE created_at < now() - interval '90 days 1 minute' OR created_at > now()")
                == 0)
    }

    @Test(
        "each state's count equals its events, redemptions and deadlines, as the service would have written them",
        arguments: [
            (
                "SELECT count(*) FROM baton.invites WHERE state = 'used_up' AND redemption_count = 1 AND finalized_at IS NOT NULL",
                "SELECT count(*) FROM baton.redemptions r JOIN baton.events e ON e.invite_id = r.invite_id AND e.type = 'invite.redeemed' AND e.occurred_at = r.redeemed_at"
            ),
            (
                "SELECT count(*) FROM baton.invites WHERE state = 'revoked' AND finalized_at IS NOT NULL",
                "SELECT count(*) FROM baton.events WHERE type = 'invite.revoked'"
            ),
            (
                "SELECT count(*) FROM baton.invites WHERE state = 'expired' AND finalized_at = expires_at AND expires_at <= now()",
                "SELECT count(*) FROM baton.events WHERE type = 'invite.expired'"
            ),
            (
                "SELECT count(*) FROM baton.invites WHERE state = 'active' AND finalized_at IS NULL AND expires_at > now()",
                "SELECT count(*) FROM baton.invite_deadlines"
            ),
            (
                "SELECT count(*) FROM baton.invites WHERE first_previewed_at IS NOT NULL",
                "SELECT count(*) FROM baton.events WHERE type = 'invite.previewed'"
            ),
        ])
    func statesMatchTheirTraces(invites: String, traces: String) throws {
        let states = try count(invites)
        #expect(states > 0)
        #expect(states == (try count(traces)))
    }

    @Test("every invite is in exactly one state and nothing happened after the anchor or past expiry")
    func statesPartitionTheInvites() throws {
        #expect(try count("SELECT count(*) FROM baton.invites WHERE state IN ('active', 'used_up', 'expired', 'revoked')") == 3000)
        #expect(
            try count(
                "SELECT count(*) FROM baton.events e JOIN baton.invites i ON i.id = e.invite_id WHERE e.occurred_at > now() OR e.occurred_at > i.expires_at OR e.occurred_at < i.created_at"
            ) == 0)
        #expect(
            try count(
                "SELECT count(*) FROM baton.invites WHERE state = 'used_up' AND (first_previewed_at IS NULL OR first_previewed_at > finalized_at)"
            ) == 0)
    }

    @Test("the funnel report over the generated window equals counts over the raw events")
    func funnelEqualsRawCounts() throws {
        try FunnelRollup.catchUp(on: connection)
        let now = Date()
        let report = try FunnelStore.report(
            try JourneyQuery(from: now.addingTimeInterval(-91 * 86_400), to: now, interval: .day, now: now), on: connection)
        let raw = try connection.query(
            """
            SELECT count(*) FILTER (WHERE type = 'invite.created'), count(*) FILTER (WHERE type = 'invite.previewed'),
                   count(*) FILTER (WHERE type = 'invite.redeemed'), count(*) FILTER (WHERE type = 'invite.expired'),
                   count(*) FILTER (WHERE type = 'invite.revoked')
            FROM baton.events
            """)[0]
        let counts = report.totals.tally.counts
        #expect(
            [counts.issued, counts.previewed, counts.redeemed, counts.expired, counts.revoked]
                == (try (0..<5).map { try raw.decode(Int.self, at: $0) }))
        #expect(counts.redeemed > 0 && counts.expired > 0 && counts.revoked > 0)
    }

    @Test("the stage marks are the ones the events' trigger would write, and each opened link came before its preview")
    func stageMarksMatchEvents() throws {
        let fromEvents = try count(
            """
            SELECT count(*) FROM (
                SELECT invite_id, type, min(occurred_at) AS first_at FROM baton.events GROUP BY 1, 2
            ) e
            JOIN baton.invite_stages s ON s.invite_id = e.invite_id AND s.first_at = e.first_at
             AND s.stage = baton.event_stage(e.type)
            """)
        #expect(fromEvents == (try count("SELECT count(DISTINCT (invite_id, type)) FROM baton.events")))
        #expect(
            fromEvents
                == (try count("SELECT count(*) FROM baton.invite_stages WHERE stage NOT IN ('link_opened', 'app_presented')")))
        #expect(try count("SELECT count(*) FROM baton.invite_stages WHERE stage = 'link_opened'") > 1500)
        #expect(
            try count(
                """
                SELECT count(*) FROM baton.invite_stages l JOIN baton.invite_stages c ON c.invite_id = l.invite_id AND c.stage = 'clip_opened'
                WHERE l.stage = 'link_opened' AND l.first_at > c.first_at
                """) == 0)
        #expect(
            try count(
                "SELECT count(*) FROM baton.redemptions r JOIN baton.invite_stages s ON s.invite_id = r.invite_id AND s.stage = 'app_presented' WHERE r.channel <> 'app'"
            ) == 0)
    }
}
