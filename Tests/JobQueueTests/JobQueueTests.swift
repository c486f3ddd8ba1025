import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("JobQueue", .timeLimit(.minutes(10)))
struct JobQueueTests {
    @Test("a job enqueued in a rolled-back transaction does not exist, a committed one does")
    func enqueueFollowsTheTransaction() throws {
        let db = try MigratedDatabase()
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.connection.transaction { connection in
                try JobQueue.enqueue(NewJob(kind: "test.noop"), on: connection)
                throw Abort()
            }
        }
        #expect(try db.count(.available) == 0)
        let id = try db.connection.transaction { try JobQueue.enqueue(NewJob(kind: "test.noop"), on: $0) }
        #expect(id != nil)
        #expect(try db.count(.available) == 1)
    }

    @Test("a second enqueue with the same unique key is a no-op")
    func uniqueKeyDeduplicates() throws {
        let db = try MigratedDatabase()
        let first = try JobQueue.enqueue(NewJob(kind: "test.noop", uniqueKey: "once"), on: db.connection)
        let second = try JobQueue.enqueue(
            NewJob(kind: "test.noop", args: PostgresJSON(#"{"other": 1}"#), uniqueKey: "once"), on: db.connection)
        #expect(first != nil)
        #expect(second == nil)
        #expect(try db.count(.available) == 1)
    }

    @Test(
        "a job with an out-of-range field is refused before the database",
        arguments: [
            NewJob(kind: ""), NewJob(kind: "k", priority: 0), NewJob(kind: "k", priority: 5),
            NewJob(kind: "k", maxAttempts: 0), NewJob(kind: "k", uniqueKey: ""),
        ])
    func invalidJobsAreRefused(job: NewJob) throws {
        let db = try MigratedDatabase()
        #expect(throws: JobQueueError.self) { try JobQueue.enqueue(job, on: db.connection) }
        #expect(try db.count(.available) == 0)
    }

    @Test("two workers claiming at once never get the same job, and together get them all")
    func concurrentClaimsAreDisjoint() throws {
        let db = try MigratedDatabase()
        try db.insertJobs(3000)
        let claimed = Mutex<[String: [Int64]]>([:])
        let group = DispatchGroup()
        let conninfo = db.conninfo
        for worker in ["a", "b"] {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let connection = try? PostgresConnection(conninfo) else { return }
                var mine: [Int64] = []
                while let batch = try? JobQueue.claim(
                    limit: 25, kinds: ["test.noop"], workerID: worker, lease: .seconds(60), on: connection),
                    !batch.isEmpty
                {
                    mine += batch.map(\.id)
                }
                claimed.withLock { $0[worker] = mine }
            }.start()
        }
        group.wait()
        let (a, b) = claimed.withLock { ($0["a"] ?? [], $0["b"] ?? []) }
        #expect(Set(a).isDisjoint(with: b))
        #expect(Set(a + b).count == 3000)
        #expect(a.count + b.count == 3000)
        #expect(try db.count(.running) == 3000)
    }

    @Test("a worker claims only due jobs of its kinds, most urgent first")
    func claimOrderAndFilter() throws {
        let db = try MigratedDatabase()
        try JobQueue.enqueue(NewJob(kind: "test.noop", priority: 3), on: db.connection)
        let urgent = try JobQueue.enqueue(NewJob(kind: "test.noop", priority: 1), on: db.connection)
        try JobQueue.enqueue(NewJob(kind: "test.noop", scheduledAt: Date().addingTimeInterval(3600)), on: db.connection)
        try JobQueue.enqueue(NewJob(kind: "test.other"), on: db.connection)
        let jobs = try JobQueue.claim(limit: 10, kinds: ["test.noop"], workerID: "w", lease: .seconds(60), on: db.connection)
        #expect(jobs.map(\.kind) == ["test.noop", "test.noop"])
        #expect(jobs.first?.id == urgent)
        #expect(jobs.allSatisfy { $0.attempt == 1 })
    }

    @Test("a failed attempt is retried later; the last one is discarded; an operator retries it")
    func failRetryDiscardAndOperatorRetry() throws {
        let db = try MigratedDatabase()
        let id = try #require(try JobQueue.enqueue(NewJob(kind: "test.noop", maxAttempts: 2), on: db.connection))
        let claim = { try JobQueue.claim(limit: 1, kinds: ["test.noop"], workerID: "w", lease: .seconds(60), on: db.connection) }
        #expect(try claim().map(\.id) == [id])
        let discarded = try JobQueue.fail([JobFailure(id: id, message: "boom 1", retryAfter: 0)], workerID: "w", on: db.connection)
        #expect(discarded.isEmpty)
        #expect(try db.count(.retryable) == 1)
        let second = try claim()
        #expect(second.map(\.attempt) == [2])
        #expect(try JobQueue.fail([JobFailure(id: id, message: "boom 2", retryAfter: 0)], workerID: "w", on: db.connection) == [id])
        let record = try #require(try JobQueue.list(state: .discarded, on: db.connection).first)
        #expect(record.attempt == 2)
        #expect(record.lastError?.contains("boom 2") == true)
        let errors: Int = try db.connection.query("SELECT jsonb_array_length(errors) FROM baton.jobs WHERE id = $1", [id])[0].decode(at: 0)
        #expect(errors == 2)

        #expect(throws: JobQueueError.wrongState(id: id, state: .discarded, operation: "cancelled")) {
            try JobQueue.cancel(id: id, on: db.connection)
        }
        let retried = try JobQueue.retry(id: id, on: db.connection)
        #expect(retried.state == .available)
        #expect(retried.maxAttempts == 3)
        #expect(try claim().map(\.attempt) == [3])
    }

    @Test("a failure waits its backoff before the job is claimable again")
    func failureIsScheduledInTheFuture() throws {
        let db = try MigratedDatabase()
        let id = try #require(try JobQueue.enqueue(NewJob(kind: "test.noop"), on: db.connection))
        _ = try JobQueue.claim(limit: 1, kinds: ["test.noop"], workerID: "w", lease: .seconds(60), on: db.connection)
        try JobQueue.fail([JobFailure(id: id, message: "later", retryAfter: 3600)], workerID: "w", on: db.connection)
        #expect(try JobQueue.claim(limit: 1, kinds: ["test.noop"], workerID: "w", lease: .seconds(60), on: db.connection).isEmpty)
        let wait: Double = try db.connection.query(
            "SELECT extract(epoch FROM scheduled_at - now())::float8 FROM baton.jobs WHERE id = $1", [id])[0].decode(at: 0)
        #expect((3500...3700).contains(wait))
    }

    @Test("retry --discarded makes every discarded job available")
    func retryAllDiscarded() throws {
        let db = try MigratedDatabase()
        try db.insertJobs(5)
        try db.connection.query("UPDATE baton.jobs SET state = 'discarded', finalized_at = now(), attempt = max_attempts")
        #expect(try JobQueue.retryDiscarded(on: db.connection) == 5)
        #expect(try db.count(.available) == 5)
    }

    @Test("cancel stops an unfinished job, and a worker's later completion of it is ignored")
    func cancelWinsOverALateCompletion() throws {
        let db = try MigratedDatabase()
        let id = try #require(try JobQueue.enqueue(NewJob(kind: "test.noop"), on: db.connection))
        _ = try JobQueue.claim(limit: 1, kinds: ["test.noop"], workerID: "w", lease: .seconds(60), on: db.connection)
        #expect(try JobQueue.cancel(id: id, on: db.connection).state == .cancelled)
        #expect(try JobQueue.complete([id], workerID: "w", on: db.connection) == 0)
        #expect(try db.count(.cancelled) == 1)
        #expect(throws: JobQueueError.notFound(id: 999_999)) { try JobQueue.cancel(id: 999_999, on: db.connection) }
    }

    @Test("an expired lease is rescued, a heartbeated one is not")
    func rescueOnlyExpiredLeases() throws {
        let db = try MigratedDatabase()
        try db.insertJobs(2)
        let jobs = try JobQueue.claim(limit: 2, kinds: ["test.noop"], workerID: "w", lease: .seconds(1), on: db.connection)
        #expect(jobs.count == 2)
        #expect(try JobQueue.heartbeat([jobs[0].id], workerID: "w", lease: .seconds(60), on: db.connection) == 1)
        let lapsed = try eventually(within: 5) {
            try db.connection.query("SELECT count(*) FROM baton.jobs WHERE lease_expires_at < now()")[0].decode(Int.self, at: 0) == 1
        }
        try #require(lapsed, "the database's clock never passed the 1-second lease")
        #expect(try JobQueue.rescueExpired(on: db.connection) == 1)
        #expect(try db.count(.retryable) == 1)
        #expect(try db.count(.running) == 1)
        #expect(try JobQueue.complete([jobs[1].id], workerID: "w", on: db.connection) == 0)
    }

    @Test("finalized jobs past the retention are deleted, others kept")
    func deleteFinalizedAfterRetention() throws {
        let db = try MigratedDatabase()
        try db.insertJobs(10)
        try db.connection.query("UPDATE baton.jobs SET state = 'completed', finalized_at = now() - interval '2 hours' WHERE id <= 6")
        #expect(try JobQueue.deleteFinalized(olderThan: .seconds(3600), limit: 4, on: db.connection) == 4)
        #expect(try JobQueue.deleteFinalized(olderThan: .seconds(3600), limit: 4, on: db.connection) == 2)
        #expect(try db.count(.available) == 4)
    }

    @Test("stats count jobs by kind and state")
    func statsCount() throws {
        let db = try MigratedDatabase()
        try db.insertJobs(3)
        try db.insertJobs(2, kind: "test.other")
        let stats = try JobQueue.stats(on: db.connection)
        #expect(stats.map(\.count) == [3, 2])
        #expect(stats.map(\.kind) == ["test.noop", "test.other"])
    }
}
