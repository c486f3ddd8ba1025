import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("InviteExpiry", .timeLimit(.minutes(10)))
struct InviteExpiryTests {
    @Test("the sweep expires 100,000 due invites in bounded batches, each with one event and one webhook job")
    func sweepsOneHundredThousand() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(100_000)
        try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-live', 'Live', sha256('live-c'::bytea), sha256('live-t'::bytea), now() + interval '1 day')
            """)
        var batches: [Int] = []
        while true {
            let batch = try InviteExpiry.expireDue(limit: 20_000, on: db.connection)
            batches.append(batch.expired)
            if batch.due < 20_000 { break }
        }
        #expect(batches == [20_000, 20_000, 20_000, 20_000, 20_000, 0])
        let row = try db.connection.query(
            """
            SELECT (SELECT count(*) FROM baton.invites WHERE state = 'expired' AND finalized_at IS NOT NULL),
                   (SELECT count(*) FROM baton.invites WHERE state = 'active'),
                   (SELECT count(DISTINCT invite_id) FROM baton.events WHERE type = 'invite.expired'),
                   (SELECT count(*) FROM baton.jobs j JOIN baton.events e ON e.event_id::text = j.args ->> 'event_id'
                    WHERE j.kind = 'webhook.deliver' AND e.type = 'invite.expired')
            """)[0]
        #expect(try row.decode(Int.self, at: 0) == 100_000)
        #expect(try row.decode(Int.self, at: 1) == 1)
        #expect(try row.decode(Int.self, at: 2) == 100_000)
        #expect(try row.decode(Int.self, at: 3) == 100_000)
    }

    @Test("the sweep's invite updates are heap-only: no invite index gets an entry")
    func sweepUpdatesAreHeapOnly() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(1_000)
        let updates = { () throws -> (all: Int, heapOnly: Int) in
            try db.connection.query("SELECT pg_stat_force_next_flush()")
            let row = try db.connection.query(
                "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relid = 'baton.invites'::regclass")[0]
            return (try row.decode(at: 0), try row.decode(at: 1))
        }
        let before = try updates()
        #expect(try InviteExpiry.expireDue(limit: 5_000, on: db.connection) == InviteExpiry.Batch(due: 1_000, expired: 1_000))
        let after = try updates()
        #expect(after.all - before.all == 1_000)
        #expect(after.heapOnly - before.heapOnly == 1_000)
    }

    @Test("the sweep's event timestamps are inlined: baton.api_timestamp plans as to_char, no function call per row")
    func apiTimestampIsInlined() throws {
        let db = try MigratedDatabase()
        let plan = try db.connection.query(
            "EXPLAIN (VERBOSE) SELECT baton.api_timestamp(expires_at) FROM baton.invites"
        ).map { try $0.decode(String.self, at: 0) }.joined(separator: "\n")
        #expect(plan.contains("to_char("))
        #expect(!plan.contains("api_timestamp"))
        let stamp: String = try db.connection.query(
            "SELECT baton.api_timestamp('2026-11-29 16:17:25.123456+01'::timestamptz)")[0].decode(at: 0)
        #expect(stamp == "2026-11-29T15:17:25.123Z")
    }

    @Test("webhook bodies are inlined too: baton.webhook_body plans as jsonb_build_object, no function call per row")
    func webhookBodyIsInlined() throws {
        let db = try MigratedDatabase()
        let plan = try db.connection.query(
            """
            EXPLAIN (VERBOSE) SELECT baton.webhook_body(event_id, type, occurred_at, data, NULL, NULL)
            FROM baton.events
            """
        ).map { try $0.decode(String.self, at: 0) }.joined(separator: "\n")
        #expect(plan.contains("jsonb_build_object("))
        #expect(!plan.contains("webhook_body"))
    }

    @Test("the sweep marks the expired stage at its event's time, keeping an earlier mark and moving a later one back")
    func sweepMarksExpiredStage() throws {
        let db = try MigratedDatabase()
        try db.insertDueInvites(3)
        // Marks an import could have left: family-1's before the sweep, family-2's after it.
        try db.connection.query(
            """
            INSERT INTO baton.invite_stages (invite_id, stage, first_at)
            SELECT id, 'expired', CASE family_id WHEN 'family-1' THEN now() - interval '1 hour' ELSE now() + interval '1 hour' END
            FROM baton.invites WHERE family_id IN ('family-1', 'family-2')
            """)
        #expect(try InviteExpiry.expireDue(on: db.connection) == InviteExpiry.Batch(due: 3, expired: 3))
        let marks = try db.connection.query(
            """
            SELECT i.family_id, s.first_at < e.occurred_at, s.first_at = e.occurred_at
            FROM baton.invites i
            JOIN baton.invite_stages s ON s.invite_id = i.id AND s.stage = 'expired'
            JOIN baton.events e ON e.invite_id = i.id AND e.type = 'invite.expired'
            ORDER BY i.family_id
            """
        ).map { "\(try $0.decode(String.self, at: 0)) earlier=\(try $0.decode(Bool.self, at: 1)) same=\(try $0.decode(Bool.self, at: 2))" }
        #expect(marks == ["family-1 earlier=true same=false", "family-2 earlier=false same=true", "family-3 earlier=false same=true"])
    }

    @Test("events of other types still mark their stage through the events' trigger")
    func otherEventsMarkTheirStage() throws {
        let db = try MigratedDatabase()
        try db.insertDueInvites(1)
        try db.connection.query(
            "INSERT INTO baton.events (type, invite_id, family_id) SELECT 'invite.revoked', id, family_id FROM baton.invites")
        let stages = try db.connection.query("SELECT stage FROM baton.invite_stages").map { try $0.decode(String.self, at: 0) }
        #expect(stages == ["revoked"])
    }

    @Test("deadlines of invites used up or revoked before they came due are dropped without an event")
    func finishedInvitesGetNoEvent() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(3)
        try db.connection.query(
            """
            UPDATE baton.invites SET state = CASE WHEN family_id = 'family-1' THEN 'revoked' ELSE 'used_up' END
            WHERE family_id IN ('family-1', 'family-2')
            """)
        #expect(try InviteExpiry.expireDue(on: db.connection) == InviteExpiry.Batch(due: 3, expired: 1))
        let left: Int = try db.connection.query(
            "SELECT (SELECT count(*) FROM baton.invite_deadlines) + (SELECT count(*) FROM baton.events WHERE type = 'invite.expired') * 10")[
                0
            ].decode(at: 0)
        #expect(left == 10)
    }

    @Test("an invite whose expiry is moved expires at its new time, not at the old one")
    func movedExpiryIsFollowed() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            VALUES ('family-early', 'Early', sha256('e-c'::bytea), sha256('e-t'::bytea), now() - interval '2 hours', now() + interval '1 day'),
                   ('family-late', 'Late', sha256('l-c'::bytea), sha256('l-t'::bytea), now() - interval '2 hours', now() - interval '1 second')
            """)
        try db.connection.query("UPDATE baton.invites SET expires_at = now() - interval '1 hour' WHERE family_id = 'family-early'")
        try db.connection.query("UPDATE baton.invites SET expires_at = now() + interval '1 day' WHERE family_id = 'family-late'")
        #expect(try InviteExpiry.expireDue(on: db.connection) == InviteExpiry.Batch(due: 2, expired: 1))
        let states = try db.connection.query("SELECT family_id, state FROM baton.invites ORDER BY family_id")
            .map { "\(try $0.decode(String.self, at: 0))=\(try $0.decode(String.self, at: 1))" }
        #expect(states == ["family-early=expired", "family-late=active"])
        let pending: Int = try db.connection.query("SELECT count(*) FROM baton.invite_deadlines WHERE expires_at > now()")[0].decode(at: 0)
        #expect(pending == 2, "the original day-long deadline of the early invite and the late invite's new one")
    }

    @Test("an invite redeemed while the sweep waits for its row lock is used up, not expired")
    func redeemInFlightWinsOverSweep() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-race', 'Race', sha256('race-c'::bytea), sha256('race-t'::bytea), now() + interval '3 seconds')
            """)
        let redeemer = try PostgresConnection(db.conninfo)
        defer { redeemer.close() }
        try redeemer.runScript("BEGIN")
        let hash: Data = try redeemer.query("SELECT sha256('race-t'::bytea)")[0].decode(at: 0)
        let outcome: String = try redeemer.query(
            RedemptionStore.redeemByToken,
            [
                hash, "u-race", "app", nil as String?, OutboxEvents.webhookKind, Int32(15), [Data](), "erased:u-race",
                nil as String?,
            ])[0].decode(at: 0)
        #expect(outcome == "redeemed")
        // The redemption's transaction began before the deadline; the sweep starts after it.
        while try !db.connection.query("SELECT clock_timestamp() > expires_at FROM baton.invites")[0].decode(Bool.self, at: 0) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let sweep = SweepOutcome()
        let conninfo = db.conninfo
        let done = DispatchSemaphore(value: 0)
        Thread {
            let result = Result { () throws -> InviteExpiry.Batch in
                let sweeper = try PostgresConnection(conninfo)
                defer { sweeper.close() }
                return try InviteExpiry.expireDue(on: sweeper)
            }
            sweep.result.withLock { $0 = result }
            done.signal()
        }.start()
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut, "the sweep waits for the redemption's row lock")
        try redeemer.runScript("COMMIT")
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(try sweep.result.withLock { try $0?.get() } == InviteExpiry.Batch(due: 1, expired: 0))
        let row = try db.connection.query(
            """
            SELECT state, (SELECT count(*) FROM baton.events WHERE type = 'invite.expired') FROM baton.invites
            """)[0]
        #expect(try row.decode(String.self, at: 0) == "used_up")
        #expect(try row.decode(Int.self, at: 1) == 0)
    }

    @Test("idempotency records are kept at least 24 hours whatever the retention asked")
    func idempotencyRetentionFloor() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        let key: UUID = try db.connection.query(
            """
            INSERT INTO baton.api_keys (public_id, key_hash, name, scopes)
            VALUES ('k1', sha256('k'::bytea), 'test', ARRAY['admin']) RETURNING id
            """)[0].decode(at: 0)
        try db.connection.query(
            """
            INSERT INTO baton.idempotency_keys (api_key_id, key, request_hash, created_at)
            VALUES ($1, 'recent', '\\x00', now() - interval '2 hours'), ($1, 'old', '\\x00', now() - interval '25 hours')
            """, [key])
        #expect(try RetentionCleanup.deleteIdempotencyKeys(olderThan: .seconds(60), on: db.connection) == 1)
        let left: String = try db.connection.query("SELECT key FROM baton.idempotency_keys")[0].decode(at: 0)
        #expect(left == "recent")
    }
}

/// The result of a sweep run on another thread.
private final class SweepOutcome: Sendable {
    let result = Mutex<Result<InviteExpiry.Batch, any Error>?>(nil)
}
