import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import Postgres
import Testing

@Suite("Leadership")
struct LeadershipTests {
    @Test("exactly one of two workers leads, and the other takes over when it stops")
    func takeoverOnStop() throws {
        let db = try WorkerDatabase()
        let a = db.worker(handlers: [:], workerID: "worker-a")
        let b = db.worker(handlers: [:], workerID: "worker-b")
        a.start()
        b.start()
        defer { b.stop() }
        #expect(eventually(within: 5) { a.isLeader != b.isLeader })
        let (leader, follower) = a.isLeader ? (a, b) : (b, a)
        leader.stop()
        #expect(eventually(within: 3) { follower.isLeader })
        if leader === a { a.stop() }
    }

    @Test("a dead leader's lease is taken over once it expires, not before")
    func takeoverAfterExpiry() throws {
        let db = try WorkerDatabase()
        try db.connection.query(
            "INSERT INTO baton.leaders (role, holder, expires_at) VALUES ('periodic', 'dead-worker', now() + interval '1.5 seconds')")
        let worker = db.worker(handlers: [:], workerID: "survivor")
        worker.start()
        defer { worker.stop() }
        Thread.sleep(forTimeInterval: 0.8)
        #expect(!worker.isLeader)
        #expect(eventually(within: 5) { worker.isLeader })
        let holder: String = try db.connection.query("SELECT holder FROM baton.leaders")[0].decode(at: 0)
        #expect(holder == "survivor")
    }

    @Test("the leader expires due invites and rescues expired leases")
    func leaderRunsPeriodicWork() throws {
        let db = try WorkerDatabase()
        try insertDueInvites(50, into: db)
        try db.enqueue(1, kind: "test.orphan")
        _ = try JobQueue.claim(limit: 1, kinds: ["test.orphan"], workerID: "gone", lease: .milliseconds(1), on: db.connection)
        let worker = db.worker(handlers: [:])
        worker.start()
        defer { worker.stop() }
        #expect(
            try eventually(within: 5) {
                let expired: Int = try db.connection.query("SELECT count(*) FROM baton.invites WHERE state = 'expired'")[0].decode(at: 0)
                return expired == 50
            })
        #expect(try eventually(within: 5) { try db.count(.retryable) == 1 })
        let webhooks: Int = try db.connection.query("SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver'")[0].decode(at: 0)
        #expect(webhooks == 50)
    }

    @Test("the leader sweeps a backlog in small batches on two connections, each invite expired once with one webhook job")
    func leaderSweepsBacklogInParallel() throws {
        let db = try WorkerDatabase()
        try insertDueInvites(3000, into: db)
        let worker = db.worker(handlers: [:]) { configuration in
            configuration.periodic.expiryBatch = 100
            configuration.periodic.expiryConnections = 2
        }
        worker.start()
        defer { worker.stop() }
        #expect(
            try eventually(within: 30) {
                try db.connection.query("SELECT count(*) FROM baton.invite_deadlines")[0].decode(Int.self, at: 0) == 0
            })
        let row = try db.connection.query(
            """
            SELECT (SELECT count(*) FROM baton.invites WHERE state = 'expired'),
                   (SELECT count(DISTINCT invite_id) FROM baton.events WHERE type = 'invite.expired'),
                   (SELECT count(*) FROM baton.events WHERE type = 'invite.expired'),
                   (SELECT count(DISTINCT args ->> 'event_id') FROM baton.jobs WHERE kind = 'webhook.deliver'),
                   (SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver')
            """)[0]
        #expect(try (0..<5).map { try row.decode(Int.self, at: $0) } == [3000, 3000, 3000, 3000, 3000])
    }

    /// Inserts `count` active invites that expired a day ago.
    private func insertDueInvites(_ count: Int, into db: WorkerDatabase) throws {
        try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            SELECT 'f', 'F', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea), now() - interval '2 days', now() - interval '1 day'
            FROM generate_series(1, $1::int8) AS i
            """, [count])
    }
}
