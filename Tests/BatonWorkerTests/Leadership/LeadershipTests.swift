import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("Leadership", .timeLimit(.minutes(10)))
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
        // Not leading at any moment of the lease's first 0.8 s (it ends at 1.5 s).
        #expect(!eventually(within: 0.8) { worker.isLeader })
        #expect(eventually(within: 5) { worker.isLeader })
        let holder: String = try db.connection.query("SELECT holder FROM baton.leaders")[0].decode(at: 0)
        #expect(holder == "survivor")
    }

    @Test("the leader expires due invites and rescues expired leases")
    func leaderRunsPeriodicWork() throws {
        let db = try WorkerDatabase()
        try db.addWebhookEndpoint()
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
        try db.addWebhookEndpoint()
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

    @Test("during a database outage the leader and the fetch loop back off, log the failure once each, then their recovery")
    func outageIsBackedOffAndLoggedOnce() throws {
        let db = try WorkerDatabase()
        let events = Mutex<[WorkerEvent]>([])
        // A handler, so that the fetch loop claims (and fails) too.
        let worker = db.worker(handlers: ["test.job": RecordingHandler()]) { configuration in
            configuration.log = { event in events.withLock { $0.append(event) } }
        }
        worker.start()
        defer { worker.stop() }
        #expect(eventually(within: 5) { worker.isLeader })
        // The periodic tasks have run, so they fall due during the outage.
        Thread.sleep(forTimeInterval: 0.5)
        // A database that refuses new sessions, its open ones terminated:
        // to the worker, an outage (its own can't be altered, hence `postgres`).
        let name = try db.connection.quoteIdentifier(db.connection.query("SELECT current_database()")[0].decode(String.self, at: 0))
        let maintenance = try PostgresConnection(TestPostgres.replacingDatabase(in: db.conninfo, with: "postgres"))
        defer { maintenance.close() }
        try maintenance.query("ALTER DATABASE \(name) ALLOW_CONNECTIONS false")
        try db.connection.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        // The window the failure counts below are taken over.
        Thread.sleep(forTimeInterval: 3)
        let failures = events.withLock { $0 }.compactMap { event -> String? in
            if case .databaseFailed(let loop, _, _) = event { loop } else { nil }
        }
        #expect(failures.filter { $0 == "leader" }.count <= 2, "a spinning leader logged \(failures.count) failures in 3 s")
        #expect(failures.filter { $0 == "fetch" }.count <= 2)
        try maintenance.query("ALTER DATABASE \(name) ALLOW_CONNECTIONS true")
        let recovered = { (loop: String) in
            events.withLock { $0 }.compactMap { event -> Int? in
                if case .databaseRecovered(loop, let count) = event { count } else { nil }
            }.first
        }
        #expect(eventually(within: 10) { recovered("leader") != nil && recovered("fetch") != nil })
        // 3 s of 100 ms doubling, jittered: about six attempts, never hundreds.
        #expect((recovered("leader") ?? 0) <= 12)
        #expect((recovered("fetch") ?? 0) <= 12)
        #expect(eventually(within: 5) { worker.isLeader })
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
