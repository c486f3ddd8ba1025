import BackgroundServices
import BatonCore
import Foundation
import Journey
import Telemetry

/// Everything one `Worker` needs: where the database is, who it is, how many
/// jobs it runs, its timings and its periodic work.
public struct WorkerConfiguration: Sendable {
    /// The PostgreSQL connection string.
    public var conninfo: String
    /// This worker's name in `attempted_by` and in the leader table; unique
    /// per process (host name, process id and a random suffix by default).
    public var workerID: String
    /// Concurrency, lease, job timeout, shutdown grace and retentions.
    public var settings: WorkerSettings
    /// How often the worker looks for jobs when no notification came.
    public var pollInterval: Duration
    /// How often leases of running jobs are extended; a third of the lease by default.
    public var heartbeatInterval: Duration
    /// Whether this worker takes part in leader election for periodic work.
    public var runsPeriodicWork: Bool
    /// The leader's timings and batch sizes.
    public var periodic: PeriodicSchedule
    /// Receives events worth logging, on the worker's threads; must return quickly.
    public var log: @Sendable (WorkerEvent) -> Void
    /// Where job run times and outcomes are recorded; nil records nothing.
    public var metrics: BatonMetrics?
    /// Takes each sampled job execution's span and the spans it records
    /// (webhook requests, transactions); nil records none.
    public var spanRecorder: (any SpanRecorder)?
    /// Flags each job execution's span: by default a job enqueued in a
    /// sampled trace is sampled and one outside any trace is not.
    public var traceSampler: TraceSampler = .parentBased(root: .alwaysOff)

    /// A configuration with the defaults of `BATON_*` settings.
    public init(
        conninfo: String, workerID: String = WorkerConfiguration.defaultWorkerID(),
        settings: WorkerSettings = WorkerSettings(), pollInterval: Duration = .seconds(2),
        heartbeatInterval: Duration? = nil, runsPeriodicWork: Bool = true, periodic: PeriodicSchedule = PeriodicSchedule(),
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }
    ) {
        self.conninfo = conninfo
        self.workerID = workerID
        self.settings = settings
        self.pollInterval = pollInterval
        self.heartbeatInterval = heartbeatInterval ?? settings.lease / 3
        self.runsPeriodicWork = runsPeriodicWork
        self.periodic = periodic
        self.log = log
    }

    /// What `loop`'s `BackgroundService` reports, as ``WorkerEvent``s to
    /// ``log``: a failure once per change of state, and the recovery.
    func report(loop: String) -> @Sendable (ServiceEvent) -> Void {
        { [log] event in
            switch event {
            case .failing(let error, let failures): log(.failure(in: loop, error, failures: failures))
            case .recovered(let failures): log(.databaseRecovered(loop: loop, failures: failures))
            case .stopped: break
            }
        }
    }

    /// `<host>-<pid>-<random>`, at most 128 characters.
    public static func defaultWorkerID() -> String {
        let host = ProcessInfo.processInfo.hostName.prefix(80)
        return "\(host)-\(getpid())-\(Sodium.hex(Sodium.randomBytes(3)))"
    }
}

/// When the leader runs each periodic task, and how much each batch does.
public struct PeriodicSchedule: Sendable {
    /// How long the leader row stays valid without renewal.
    public var leaderLease: Duration = .seconds(30)
    /// How often the leader renews (and others try to take) the lease.
    public var leaderRenewInterval: Duration = .seconds(10)
    /// How often expired job leases are rescued.
    public var rescueInterval: Duration = .seconds(5)
    /// How often due invites are expired.
    public var expiryInterval: Duration = .seconds(5)
    /// How often new events are added to the funnel's rollups (readers
    /// count the events not rolled up yet themselves, so this bounds only
    /// how much of a report is read from raw events).
    public var funnelRollupInterval: Duration = .seconds(10)
    /// Events added to the funnel's rollups per transaction.
    public var funnelRollupBatch: Int = FunnelRollup.defaultBatch
    /// How often old jobs, idempotency records, delivery log entries and events are deleted.
    public var cleanupInterval: Duration = .seconds(60)
    /// Invites expired per statement.
    public var expiryBatch: Int = 5_000
    /// Connections the leader sweeps due invites on while a backlog lasts
    /// (the first batch came back full); helpers beyond the leader's own
    /// connection are opened for the sweep and closed after it.
    public var expiryConnections: Int = 2
    /// Rows deleted per statement.
    public var cleanupBatch: Int = 10_000
    /// Attempts of the webhook jobs the expiry sweep enqueues.
    public var webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts
    /// How long the webhook delivery log keeps an attempt.
    public var webhookLogRetention: Duration = WebhookDeliverySettings().logRetention

    /// The defaults; change fields as needed.
    public init() {}
}
