import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Synchronization
import Testing

@Suite("Batch job handlers", .timeLimit(.minutes(10)))
struct BatchJobHandlerTests {
    /// A batch handler recording the size of every call; it fails the
    /// first attempt of `failing` and leaves `silent` unreported.
    final class RecordingBatchHandler: BatchJobHandler {
        private let batches = Mutex<[Int]>([])
        let failing: Set<Int64>
        let silent: Set<Int64>

        init(failing: Set<Int64> = [], silent: Set<Int64> = []) {
            self.failing = failing
            self.silent = silent
        }

        func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) throws {
            Issue.record("the worker must hand a batch handler its jobs as a batch")
        }

        func perform(_ jobs: [ClaimedJob], deadline: ContinuousClock.Instant, finished: (ClaimedJob, (any Error)?) -> Void) {
            batches.withLock { $0.append(jobs.count) }
            for job in jobs where !silent.contains(job.id) || job.attempt > 1 {
                finished(job, failing.contains(job.id) && job.attempt == 1 ? JobHandlerError.retry("first try fails", after: 0.05) : nil)
            }
        }

        var sizes: [Int] { batches.withLock { $0 } }
    }

    static func ids(_ db: WorkerDatabase) throws -> [Int64] {
        try db.connection.query("SELECT id FROM baton.jobs ORDER BY id").map { try $0.decode(Int64.self, at: 0) }
    }

    @Test("a claim's jobs of a batch kind reach the handler in one call, and each reported failure is retried on its own")
    func oneCallPerClaim() throws {
        let db = try WorkerDatabase()
        try db.enqueue(6, kind: "test.batch")
        let ids = try Self.ids(db)
        let handler = RecordingBatchHandler(failing: [ids[2]])
        let worker = db.worker(handlers: ["test.batch": handler]) { $0.settings.concurrency = 8 }
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 6 })
        #expect(handler.sizes == [6, 1], "the claim of six in one call, then the retry")
        let attempts: [Int] = try db.connection.query("SELECT attempt FROM baton.jobs ORDER BY id").map { try $0.decode(at: 0) }
        #expect(attempts == [1, 1, 2, 1, 1, 1])
    }

    @Test("a job its batch handler never reports fails when the call returns, and runs again")
    func unreportedJobFails() throws {
        let db = try WorkerDatabase()
        try db.enqueue(3, kind: "test.batch")
        let ids = try Self.ids(db)
        let handler = RecordingBatchHandler(silent: [ids[1]])
        let worker = db.worker(handlers: ["test.batch": handler])
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 10) { try db.count(.completed) == 3 })
        let errors: String = try db.connection.query("SELECT errors::text FROM baton.jobs WHERE id = $1", [ids[1]])[0].decode(at: 0)
        #expect(errors.contains("the batch handler reported no outcome"))
        #expect(worker.statistics.failed == 1)
    }
}
