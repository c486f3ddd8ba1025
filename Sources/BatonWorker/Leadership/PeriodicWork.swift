import BackgroundServices
import BatonCore
import JobQueue
import Journey
import Postgres
import Synchronization

/// The leader's thread: renews (or competes for) the `periodic` lease and,
/// while it leads, runs each periodic task when due: rescue expired job
/// leases, expire due invites, roll up the funnel's metrics, delete old
/// jobs, idempotency records, webhook delivery log entries and (when a
/// retention is set) events. Batches
/// repeat until a short one, with a lease renewal between batches so a long
/// sweep keeps its leadership. A `BackgroundService`: during a database
/// outage it backs off (100 ms doubling to 5 s) and logs the failure once.
final class PeriodicWork: Sendable {
    static let role = "periodic"

    private enum Task: CaseIterable {
        case rescue, expireInvites, rollUpFunnel, cleanup
    }

    private let configuration: WorkerConfiguration
    private let leading = Mutex(false)
    /// When each task is due next; kept across reconnects.
    private let due = Mutex<[Task: ContinuousClock.Instant]>([:])
    private let service = BackgroundService<PostgresConnection>(name: "baton-leader")

    init(configuration: WorkerConfiguration) {
        self.configuration = configuration
    }

    var isLeader: Bool { leading.withLock { $0 } }

    func start() {
        let conninfo = configuration.conninfo
        service.start(
            ServiceWork(
                report: configuration.report(loop: "leader"), connect: { try PostgresConnection(conninfo) },
                turn: { [self] connection, context in try turn(on: connection, context) },
                disconnect: { [self] connection, context in close(connection, context) }))
    }

    /// Stops the thread, resigning the lease if held.
    func stop() {
        service.stop()
    }

    /// Renews the lease and, when leading, runs the tasks that are due;
    /// waits until the next renewal or the next due task (all due ones
    /// have just run, so that is ahead, and a follower only renews).
    private func turn(on database: PostgresConnection, _ context: ServiceContext) throws -> ServiceStep {
        let renewEvery = configuration.periodic.leaderRenewInterval
        guard try renew(on: database) else { return .wait(renewEvery) }
        let now = ContinuousClock.now
        for task in Task.allCases where due.withLock({ $0[task] }).map({ $0 <= now }) ?? true {
            try perform(task, on: database, context)
            due.withLock { $0[task] = .now + interval(task) }
        }
        let next = due.withLock { $0.values.min() }
        return .wait(min(renewEvery, next.map { $0 - .now } ?? renewEvery))
    }

    /// After a failure leadership is unknown; at a stop the lease is given up.
    private func close(_ database: PostgresConnection, _ context: ServiceContext) {
        if context.isStopping, isLeader {
            try? LeaderLease.resign(role: Self.role, holder: configuration.workerID, on: database)
        }
        setLeading(false)
        database.close()
    }

    /// Records leadership and logs a change.
    private func setLeading(_ leads: Bool) {
        let changed = leading.withLock { leading in
            defer { leading = leads }
            return leading != leads
        }
        if changed { configuration.log(.leadership(acquired: leads)) }
    }

    private func renew(on database: PostgresConnection) throws -> Bool {
        let leads = try LeaderLease.acquire(
            role: Self.role, holder: configuration.workerID, lease: configuration.periodic.leaderLease, on: database)
        setLeading(leads)
        return leads
    }

    private func interval(_ task: Task) -> Duration {
        switch task {
        case .rescue: configuration.periodic.rescueInterval
        case .expireInvites: configuration.periodic.expiryInterval
        case .rollUpFunnel: configuration.periodic.funnelRollupInterval
        case .cleanup: configuration.periodic.cleanupInterval
        }
    }

    private func perform(_ task: Task, on database: PostgresConnection, _ context: ServiceContext) throws {
        let schedule = configuration.periodic
        let settings = configuration.settings
        switch task {
        case .rescue:
            try inBatches(context, "rescue", of: 1000, on: database) { try JobQueue.rescueExpired(limit: 1000, on: database) }
        case .expireInvites:
            // The benchmark runs this very sweep (`baton-bench queue`). The
            // lease is renewed between this connection's batches; helpers
            // stop with it.
            let sweep = try InviteExpiry.sweep(
                limit: schedule.expiryBatch, parallel: schedule.expiryConnections, webhookMaxAttempts: schedule.webhookMaxAttempts,
                on: database, conninfo: configuration.conninfo
            ) { try !context.isStopping && renew(on: database) }
            if sweep.due > 0 { configuration.log(.periodic(task: "expire_invites", count: sweep.due)) }
            // Their webhook jobs are committed: wake the workers.
            if sweep.expired > 0 { try JobQueue.wake(on: database) }
        case .rollUpFunnel:
            // Each step commits by itself; a full batch means more is settled.
            try inBatches(context, "rollup_funnel", of: schedule.funnelRollupBatch, on: database) {
                try FunnelRollup.step(batch: schedule.funnelRollupBatch, on: database)
            }
            try inBatches(context, "rollup_journey", of: JourneyRollup.defaultBatch, on: database) {
                try JourneyRollup.step(on: database)
            }
        case .cleanup:
            let batch = schedule.cleanupBatch
            try inBatches(context, "delete_jobs", of: batch, on: database) {
                try JobQueue.deleteFinalized(olderThan: settings.jobRetention, limit: batch, on: database)
            }
            try inBatches(context, "delete_idempotency_keys", of: batch, on: database) {
                try RetentionCleanup.deleteIdempotencyKeys(olderThan: settings.idempotencyRetention, limit: batch, on: database)
            }
            try inBatches(context, "delete_webhook_deliveries", of: batch, on: database) {
                try WebhookDeliveryLog.deleteOld(olderThan: schedule.webhookLogRetention, limit: batch, on: database)
            }
            if let retention = settings.eventRetention {
                try inBatches(context, "delete_events", of: batch, on: database) {
                    try RetentionCleanup.deleteEvents(olderThan: retention, limit: batch, on: database)
                }
            }
        }
    }

    /// Repeats `batch` while it does a full batch, renewing the lease
    /// between batches and stopping when leadership is lost or a stop is
    /// asked; logs and returns the total.
    @discardableResult
    private func inBatches(
        _ context: ServiceContext, _ task: String, of size: Int, on database: PostgresConnection, _ batch: () throws -> Int
    ) throws -> Int {
        var total = 0
        defer { if total > 0 { configuration.log(.periodic(task: task, count: total)) } }
        while true {
            let done = try batch()
            total += done
            guard done >= size, !context.isStopping, try renew(on: database) else { return total }
        }
    }
}
