import BatonCore
import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("InviteExpiry.sweep", .timeLimit(.minutes(10)))
struct InviteExpirySweepTests {
    @Test("a sweep on several connections expires every due invite once, each with one event and one webhook job", arguments: [1, 3])
    func parallelSweepExpiresEachOnce(parallel: Int) throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(12_000)
        let sweep = try InviteExpiry.sweep(limit: 500, parallel: parallel, on: db.connection, conninfo: db.conninfo)
        #expect(sweep.due == 12_000)
        #expect(sweep.expired == 12_000)
        #expect(try ExpiryLedger(db.connection).isExact(expired: 12_000))
    }

    @Test("a sweep told to stop between batches leaves the rest of the deadlines for the next sweep")
    func stoppedSweepLeavesTheRest() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(5_000)
        let calls = Mutex(0)
        let stopped = try InviteExpiry.sweep(limit: 200, parallel: 2, on: db.connection, conninfo: db.conninfo) {
            calls.withLock {
                $0 += 1
                return $0 < 3
            }
        }
        #expect(stopped.due < 5_000)
        let left: Int = try db.connection.query("SELECT count(*) FROM baton.invite_deadlines")[0].decode(at: 0)
        #expect(left == 5_000 - stopped.due)
        let rest = try InviteExpiry.sweep(limit: 200, parallel: 2, on: db.connection, conninfo: db.conninfo)
        #expect(stopped.expired + rest.expired == 5_000)
        #expect(try ExpiryLedger(db.connection).isExact(expired: 5_000))
    }

    @Test("a helper that cannot connect fails the sweep after the leader's batches committed, and loses nothing")
    func failedHelperLosesNothing() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        try db.insertDueInvites(3_000)
        #expect(throws: JobQueueError.self) {
            try InviteExpiry.sweep(limit: 500, parallel: 2, on: db.connection, conninfo: "host=127.0.0.1 port=1 connect_timeout=2")
        }
        _ = try InviteExpiry.sweep(limit: 500, on: db.connection, conninfo: db.conninfo)
        #expect(try ExpiryLedger(db.connection).isExact(expired: 3_000))
    }

    @Test("a parallel sweep racing redemptions and revocations expires only invites left active, each once")
    func parallelSweepRacesRedemptionsAndRevocations() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        let invites = try RaceInvites(count: 4_000, expiringIn: 2, racers: 3, on: db.connection)
        let conninfo = db.conninfo
        let racers = [
            onThread { invites.redeem(conninfo: conninfo, share: 0) },
            onThread { invites.redeem(conninfo: conninfo, share: 1) },
            onThread { invites.revoke(conninfo: conninfo, share: 2) },
        ]
        while try !db.connection.query("SELECT clock_timestamp() > $1::timestamptz", [invites.expiresAt])[0].decode(Bool.self, at: 0) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        // These sweeps run while redemptions and revocations that began before the deadline still land.
        try invites.sweep(whileRacing: racers, on: db)
        let row = try db.connection.query(
            """
            SELECT count(*) FILTER (WHERE state = 'used_up'), count(*) FILTER (WHERE state = 'revoked'),
                   count(*) FILTER (WHERE state = 'expired'), count(*) FILTER (WHERE state = 'active')
            FROM baton.invites
            """)[0]
        let (usedUp, revoked, expired, active): (Int, Int, Int, Int) = (
            try row.decode(at: 0), try row.decode(at: 1), try row.decode(at: 2), try row.decode(at: 3)
        )
        #expect(
            usedUp > 0 && revoked > 0 && expired > 0,
            "the race reached every outcome: \(usedUp) used up, \(revoked) revoked, \(expired) expired")
        #expect(active == 0)
        #expect(try ExpiryLedger(db.connection).isExact(expired: expired))
        let crossed: Int = try db.connection.query(
            """
            SELECT count(*) FROM baton.events e
            WHERE e.type = 'invite.expired'
              AND (EXISTS (SELECT 1 FROM baton.redemptions r WHERE r.invite_id = e.invite_id)
                   OR EXISTS (SELECT 1 FROM baton.events v WHERE v.invite_id = e.invite_id AND v.type = 'invite.revoked'))
            """)[0].decode(at: 0)
        #expect(crossed == 0, "no redeemed or revoked invite is also expired")
    }
}

extension InviteExpirySweepTests {
    @Test("a parallel sweep racing extensions never expires an extended invite and misses no invite left to expire")
    func parallelSweepRacesExtensions() throws {
        let db = try MigratedDatabase()
        try db.addWebhookEndpoint()
        let invites = try RaceInvites(count: 4_000, expiringIn: 2, racers: 2, on: db.connection)
        let conninfo = db.conninfo
        let racers = [onThread { invites.extend(conninfo: conninfo, share: 0) }, onThread { invites.extend(conninfo: conninfo, share: 1) }]
        try invites.sweep(whileRacing: racers, on: db)
        let row = try db.connection.query(
            """
            SELECT count(*) FILTER (WHERE state = 'active' AND expires_at > now() + interval '30 minutes'),
                   count(*) FILTER (WHERE state = 'expired'),
                   count(*) FILTER (WHERE state = 'expired' AND expires_at > now()),
                   count(*) FILTER (WHERE state = 'active' AND expires_at <= now()),
                   count(*) FILTER (WHERE state NOT IN ('active', 'expired'))
            FROM baton.invites
            """)[0]
        let counts: [Int] = try (0..<5).map { try row.decode(at: $0) }
        let (extended, expired) = (counts[0], counts[1])
        #expect(extended > 0 && expired >= 2_000, "the race reached both outcomes: \(extended) extended, \(expired) expired")
        #expect(extended + expired == 4_000)
        #expect(counts[2] == 0, "no invite moved into the future is expired")
        #expect(counts[3] == 0, "no invite past its expiry is left active")
        #expect(counts[4] == 0)
        #expect(try ExpiryLedger(db.connection).isExact(expired: expired))
    }
}

/// The outbox rows of expired invites, checked against the invites.
private struct ExpiryLedger {
    let connection: PostgresConnection

    init(_ connection: PostgresConnection) { self.connection = connection }

    /// Whether exactly `expired` invites are `expired`, each with one
    /// `invite.expired` event, that event with one webhook job and its
    /// invite with one `expired` journey stage marked at the event's time,
    /// and no deadline is left due.
    func isExact(expired: Int) throws -> Bool {
        let row = try connection.query(
            """
            SELECT (SELECT count(*) FROM baton.invites WHERE state = 'expired'),
                   (SELECT count(*) FROM baton.events WHERE type = 'invite.expired'),
                   (SELECT count(DISTINCT e.invite_id) FROM baton.events e JOIN baton.invites i ON i.id = e.invite_id
                    WHERE e.type = 'invite.expired' AND i.state = 'expired'),
                   (SELECT count(*) FROM baton.jobs j JOIN baton.events e ON e.event_id::text = j.args ->> 'event_id'
                    WHERE j.kind = 'webhook.deliver' AND e.type = 'invite.expired'),
                   (SELECT count(DISTINCT j.args ->> 'event_id') FROM baton.jobs j JOIN baton.events e ON e.event_id::text = j.args ->> 'event_id'
                    WHERE j.kind = 'webhook.deliver' AND e.type = 'invite.expired'),
                   (SELECT count(*) FROM baton.invite_stages WHERE stage = 'expired'),
                   (SELECT count(*) FROM baton.invite_stages s JOIN baton.events e ON e.invite_id = s.invite_id
                    WHERE s.stage = 'expired' AND e.type = 'invite.expired' AND s.first_at = e.occurred_at),
                   (SELECT count(*) FROM baton.invite_deadlines WHERE expires_at <= now())
            """)[0]
        let counts: [Int] = try (0..<8).map { try row.decode(at: $0) }
        return counts == [expired, expired, expired, expired, expired, expired, expired, 0]
    }
}

/// Single-use invites that all expire at one moment, in four shares, each
/// raced (redeemed, revoked or extended) by one of `racers` threads from
/// shortly before the deadline to shortly after it; the shares no racer
/// takes are left to expire.
private final class RaceInvites: Sendable {
    let expiresAt: Date
    private let targets: [(id: UUID, tokenHash: Data)]
    private let running: Mutex<Int>
    private let failed = Mutex(0)

    init(count: Int, expiringIn seconds: Double, racers: Int, on connection: PostgresConnection) throws {
        running = Mutex(racers)
        expiresAt = try connection.query("SELECT now() + $1 * interval '1 second'", [seconds])[0].decode(at: 0)
        targets = try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            SELECT 'family-race', 'Race', sha256(('race-c' || i)::bytea), sha256(('race-t' || i)::bytea), $2::timestamptz
            FROM generate_series(1, $1::int8) AS i
            RETURNING id, token_hash
            """, [count, expiresAt]
        ).map { (try $0.decode(at: 0), try $0.decode(at: 1)) }
    }

    /// Sweeps on three connections, batches of 50, until the `racers`
    /// are done, then once more; the racers must not have failed.
    func sweep(whileRacing racers: [DispatchSemaphore], on db: MigratedDatabase) throws {
        while running.withLock({ $0 > 0 }) {
            _ = try InviteExpiry.sweep(limit: 50, parallel: 3, on: db.connection, conninfo: db.conninfo)
            Thread.sleep(forTimeInterval: 0.01)
        }
        for racer in racers { racer.wait() }
        _ = try InviteExpiry.sweep(limit: 50, parallel: 3, on: db.connection, conninfo: db.conninfo)
        #expect(failed.withLock { $0 } == 0)
    }

    /// Redeems the invites of `share` (0–3), a new redeemer each round.
    func redeem(conninfo: String, share: Int) {
        race(conninfo: conninfo, share: share) { connection, target, round in
            _ = try connection.query(
                RedemptionStore.redeemByToken,
                [
                    target.tokenHash, "u-\(round)", "app", nil as String?, OutboxEvents.webhookKind, Int32(1), [Data](),
                    "erased:u-\(round)", nil as String?,
                ])
        }
    }

    /// Revokes the invites of `share` as the API does: the state change and
    /// its outbox rows in one transaction.
    func revoke(conninfo: String, share: Int) {
        let store = InviteStore(secret: Array(repeating: 5, count: 32), webhookMaxAttempts: 1)
        race(conninfo: conninfo, share: share) { connection, target, _ in
            try connection.runScript("BEGIN")
            _ = try store.revoke(id: target.id, on: connection)
            try connection.runScript("COMMIT")
        }
    }

    /// Extends the invites of `share` by an hour as `PATCH` does (the row
    /// locked, `expires_at` moved, `invite.updated` recorded, in one
    /// transaction); an invite the sweep expired first is refused as not active.
    func extend(conninfo: String, share: Int) {
        let store = InviteStore(secret: Array(repeating: 5, count: 32), webhookMaxAttempts: 1)
        race(conninfo: conninfo, share: share) { connection, target, _ in
            let change = try InviteChange(JSONDecoder().decode(InviteChangeDraft.self, from: Data(#"{"ttl_seconds": 3600}"#.utf8)))
            try connection.runScript("BEGIN")
            do {
                _ = try store.update(id: target.id, change, on: connection)
            } catch InviteError.notActive {}
            try connection.runScript("COMMIT")
        }
    }

    /// Runs `attempt` on every invite of `share`, round after round, from
    /// 0.6 s before the deadline to 0.5 s after it.
    private func race(conninfo: String, share: Int, _ attempt: (PostgresConnection, (id: UUID, tokenHash: Data), Int) throws -> Void) {
        defer { running.withLock { $0 -= 1 } }
        do {
            let connection = try PostgresConnection(conninfo)
            defer { connection.close() }
            Thread.sleep(until: expiresAt.addingTimeInterval(-0.6))
            let end = expiresAt.addingTimeInterval(0.5)
            var round = 0
            while Date() < end {
                for index in stride(from: share, to: targets.count, by: 4) where Date() < end {
                    try attempt(connection, targets[index], round)
                }
                round += 1
            }
        } catch {
            failed.withLock { $0 += 1 }
        }
    }
}
