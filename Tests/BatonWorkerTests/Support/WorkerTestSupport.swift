import BatonCore
import BatonTestSupport
import BatonWorker
import Foundation
import JobQueue
import Postgres
import Synchronization

/// The worker tests' database.
typealias WorkerDatabase = MigratedDatabase

extension MigratedDatabase {
    /// Enqueues `count` jobs of `kind`, one statement (and one NOTIFY) each.
    func enqueue(_ count: Int, kind: String = "test.job") throws {
        for _ in 0..<count { try JobQueue.enqueue(NewJob(kind: kind), on: connection) }
    }

    /// A worker on this database with short test timings; `adjust` changes more.
    func worker(
        handlers: [String: any JobHandler], workerID: String = "test-\(UInt32.random(in: 0 ... .max))",
        adjust: (inout WorkerConfiguration) -> Void = { _ in }
    ) -> Worker {
        var configuration = WorkerConfiguration(
            conninfo: conninfo, workerID: workerID,
            settings: WorkerSettings(concurrency: 4, lease: .seconds(2), jobTimeout: .seconds(10), shutdownGrace: .seconds(2)),
            pollInterval: .milliseconds(200))
        configuration.periodic.leaderLease = .seconds(1)
        configuration.periodic.leaderRenewInterval = .milliseconds(200)
        configuration.periodic.rescueInterval = .milliseconds(200)
        configuration.periodic.expiryInterval = .milliseconds(200)
        adjust(&configuration)
        return Worker(configuration: configuration, handlers: handlers)
    }
}

extension MigratedDatabase {
    /// The webhook handlers of `baton worker` with test timings: 2 s
    /// timeout, retries after 50 ms, secrets opened with ``TestSecrets/secretKey``.
    func webhookHandlers(
        metrics: BatonMetrics? = nil, disableAfter: Duration = .seconds(3600), clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }
    ) -> [String: any JobHandler] {
        Worker.standardHandlers(
            delivery: WebhookDeliverySettings(
                timeout: .seconds(2), retryBaseSeconds: 0.05, disableAfter: disableAfter, destinations: .allowingLoopback),
            secretKey: TestSecrets.secretKey, conninfo: conninfo, metrics: metrics, clock: clock, log: log)
    }
}

/// A handler running a closure, counting its calls per job id.
final class RecordingHandler: JobHandler {
    private let calls = Mutex<[Int64: Int]>([:])
    private let body: @Sendable (ClaimedJob) throws -> Void

    init(_ body: @escaping @Sendable (ClaimedJob) throws -> Void = { _ in }) {
        self.body = body
    }

    func perform(_ job: ClaimedJob, deadline: ContinuousClock.Instant) throws {
        calls.withLock { $0[job.id, default: 0] += 1 }
        try body(job)
    }

    var callsByJob: [Int64: Int] { calls.withLock { $0 } }
    var totalCalls: Int { callsByJob.values.reduce(0, +) }
}
