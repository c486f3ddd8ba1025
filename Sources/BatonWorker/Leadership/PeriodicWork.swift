import BatonCore
import Foundation
import Postgres
import Synchronization

/// The leader's thread: renews (or competes for) the `periodic` lease and,
/// while it leads, runs each periodic task when due: rescue expired job
/// leases, expire due invites, roll up the funnel's metrics, delete old
/// jobs, idempotency records and (when a retention is set) events. Batches
/// repeat until a short one, with a lease renewal between batches so a long
/// sweep keeps its leadership.
final class PeriodicWork: Sendable {
    static let role = "periodic"

    private enum Task: CaseIterable {
        case rescue, expireInvites, rollUpFunnel, cleanup
    }

    private let configuration: WorkerConfiguration
    private let leading = Mutex(false)
    private let stopRequested = Mutex(false)
    private let wake = WakeSignal()
    private let stopped = DispatchSemaphore(value: 0)

    init(configuration: WorkerConfiguration) {
        self.configuration = configuration
    }

    var isLeader: Bool { leading.withLock { $0 } }

    func start() {
        let thread = Thread { [self] in
            run()
            stopped.signal()
        }
        thread.name = "baton-leader"
        thread.start()
    }

    /// Stops the thread, resigning the lease if held.
    func stop() {
        stopRequested.withLock { $0 = true }
        wake.signal()
        stopped.wait()
    }

    private var isStopping: Bool { stopRequested.withLock { $0 } }

    private func run() {
        let schedule = configuration.periodic
        var due: [Task: ContinuousClock.Instant] = [:]
        var connection: PostgresConnection?
        while !isStopping {
            do {
                let database = try connection ?? PostgresConnection(configuration.conninfo)
                connection = database
                if try renew(on: database) {
                    let now = ContinuousClock.now
                    for task in Task.allCases where due[task].map({ $0 <= now }) ?? true {
                        try perform(task, on: database)
                        due[task] = .now + interval(task)
                    }
                }
            } catch {
                connection?.close()
                connection = nil
                setLeading(false)
                configuration.log(.failure(in: "leader", error))
            }
            wake.wait(
                min(schedule.leaderRenewInterval, due.values.min().map { max(.milliseconds(1), $0 - .now) } ?? schedule.leaderRenewInterval)
            )
        }
        if let connection, isLeader {
            try? LeaderLease.resign(role: Self.role, holder: configuration.workerID, on: connection)
        }
        setLeading(false)
        connection?.close()
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

    private func perform(_ task: Task, on database: PostgresConnection) throws {
        let schedule = configuration.periodic
        let settings = configuration.settings
        switch task {
        case .rescue:
            try inBatches("rescue", of: 1000, on: database) { try JobQueue.rescueExpired(limit: 1000, on: database) }
        case .expireInvites:
            // The benchmark runs this very sweep (`baton-bench queue`). The
            // lease is renewed between this connection's batches; helpers
            // stop with it.
            let sweep = try InviteExpiry.sweep(
                limit: schedule.expiryBatch, parallel: schedule.expiryConnections, webhookMaxAttempts: schedule.webhookMaxAttempts,
                on: database, conninfo: configuration.conninfo
            ) { try !isStopping && renew(on: database) }
            if sweep.due > 0 { configuration.log(.periodic(task: "expire_invites", count: sweep.due)) }
            // Their webhook jobs are committed: wake the workers.
            if sweep.expired > 0 { try JobQueue.wake(on: database) }
        case .rollUpFunnel:
            // Each step commits by itself; a full batch means more is settled.
            try inBatches("rollup_funnel", of: schedule.funnelRollupBatch, on: database) {
                try FunnelRollup.step(batch: schedule.funnelRollupBatch, on: database)
            }
        case .cleanup:
            let batch = schedule.cleanupBatch
            try inBatches("delete_jobs", of: batch, on: database) {
                try JobQueue.deleteFinalized(olderThan: settings.jobRetention, limit: batch, on: database)
            }
            try inBatches("delete_idempotency_keys", of: batch, on: database) {
                try RetentionCleanup.deleteIdempotencyKeys(olderThan: settings.idempotencyRetention, limit: batch, on: database)
            }
            if let retention = settings.eventRetention {
                try inBatches("delete_events", of: batch, on: database) {
                    try RetentionCleanup.deleteEvents(olderThan: retention, limit: batch, on: database)
                }
            }
        }
    }

    /// Repeats `batch` while it does a full batch, renewing the lease
    /// between batches and stopping when leadership is lost or a stop is
    /// asked; logs and returns the total.
    @discardableResult
    private func inBatches(_ task: String, of size: Int, on database: PostgresConnection, _ batch: () throws -> Int) throws -> Int {
        var total = 0
        defer { if total > 0 { configuration.log(.periodic(task: task, count: total)) } }
        while true {
            let done = try batch()
            total += done
            guard done >= size, !isStopping, try renew(on: database) else { return total }
        }
    }
}
