import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Testing

@Suite("Worker", .timeLimit(.minutes(10)))
struct WorkerTests {
    @Test("a running worker's fetch loop keeps turning, so it stays responsive; one whose loop does not turn is not")
    func responsiveWhileTheLoopTurns() throws {
        let db = try WorkerDatabase()
        let idle = db.worker(handlers: [:])
        // Counted from its creation, it is responsive for the first 100 ms.
        #expect(eventually(within: 5) { !idle.isResponsive(within: .milliseconds(100)) }, "never started: its loop never turned")
        let worker = db.worker(handlers: [:])
        worker.start()
        defer { worker.stop() }
        // Real time is the point: it stays responsive over twice the limit.
        for _ in 0..<10 {
            Thread.sleep(forTimeInterval: 0.2)
            #expect(worker.isResponsive(within: .seconds(1)))
        }
    }

    @Test("a worker runs enqueued jobs once each, woken by a JobWakeup after commit without polling")
    func runsJobsOnNotify() throws {
        let db = try WorkerDatabase()
        let handler = RecordingHandler()
        let worker = db.worker(handlers: ["test.job": handler]) { $0.pollInterval = .seconds(60) }
        let wakeup = JobWakeup(conninfo: db.conninfo)
        worker.start()
        defer {
            worker.stop()
            wakeup.stop()
        }
        // Time for its first, empty claim and its LISTEN, which it does not
        // report: a job enqueued before them would be claimed without a wakeup.
        Thread.sleep(forTimeInterval: 0.3)
        try db.enqueue(40)
        // A window in which nothing may happen: no notification, no claim.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try db.count(.available) == 40, "enqueuing alone does not notify")
        wakeup.signal()
        #expect(try eventually(within: 10) { try db.count(.completed) == 40 })
        #expect(handler.callsByJob.count == 40)
        #expect(handler.callsByJob.values.allSatisfy { $0 == 1 })
    }

    @Test("a failing job is retried after its backoff and then completes")
    func failingJobIsRetried() throws {
        let db = try WorkerDatabase()
        let handler = RecordingHandler { job in
            if job.attempt == 1 { throw JobHandlerError.retry("first try fails", after: 0.1) }
        }
        let worker = db.worker(handlers: ["test.job": handler])
        worker.start()
        defer { worker.stop() }
        try db.enqueue(1)
        #expect(try eventually(within: 10) { try db.count(.completed) == 1 })
        #expect(handler.totalCalls == 2)
        #expect(worker.statistics.failed == 1)
    }

    @Test("a job slower than its lease is heartbeated, never rescued, and runs once")
    func slowJobIsNotRescuedEarly() throws {
        let db = try WorkerDatabase()
        let handler = RecordingHandler { _ in Thread.sleep(forTimeInterval: 3) }
        let worker = db.worker(handlers: ["test.job": handler]) { $0.settings.lease = .seconds(1) }
        worker.start()
        defer { worker.stop() }
        try db.enqueue(1)
        #expect(try eventually(within: 10) { try db.count(.completed) == 1 })
        #expect(handler.totalCalls == 1)
        let attempt: Int = try db.connection.query("SELECT attempt FROM baton.jobs")[0].decode(at: 0)
        #expect(attempt == 1)
    }

    @Test("a job past the job timeout fails as timed out and is retried")
    func jobTimeoutFailsTheAttempt() throws {
        let db = try WorkerDatabase()
        let handler = RecordingHandler { job in
            if job.attempt == 1 { Thread.sleep(forTimeInterval: 2.5) }
        }
        let worker = db.worker(handlers: ["test.job": handler]) { $0.settings.jobTimeout = .seconds(1) }
        worker.start()
        defer { worker.stop() }
        try db.enqueue(1)
        #expect(try eventually(within: 10) { try db.count(.completed) == 1 })
        let firstError: String = try db.connection.query("SELECT errors -> 0 ->> 'error' FROM baton.jobs")[0].decode(at: 0)
        #expect(firstError.hasPrefix("timed out"))
    }

    @Test("graceful shutdown finishes quick jobs, returns slow ones to the queue and stops claiming")
    func gracefulShutdown() throws {
        let db = try WorkerDatabase()
        let handler = RecordingHandler { job in
            let n: Int = (try? JSONSerialization.jsonObject(with: job.args.data) as? [String: Int])?["n"] ?? 0
            Thread.sleep(forTimeInterval: n == 1 ? 0.5 : 6)
        }
        let worker = db.worker(handlers: ["test.job": handler]) {
            $0.settings.concurrency = 2
            $0.settings.shutdownGrace = .seconds(1)
        }
        try JobQueue.enqueue(NewJob(kind: "test.job", args: PostgresJSON(#"{"n": 1}"#)), on: db.connection)
        try JobQueue.enqueue(NewJob(kind: "test.job", args: PostgresJSON(#"{"n": 2}"#)), on: db.connection)
        worker.start()
        #expect(eventually(within: 5) { handler.totalCalls == 2 })
        try db.enqueue(3)
        let began = ContinuousClock.now
        worker.stop()
        #expect(ContinuousClock.now - began < .seconds(3))
        #expect(try db.count(.completed) == 1)
        #expect(try db.count(.available) == 4)
        let returned: Int = try db.connection.query(
            "SELECT attempt FROM baton.jobs WHERE args ->> 'n' = '2'")[0].decode(at: 0)
        #expect(returned == 0)
        #expect(try db.count(.running) == 0)
    }
}
