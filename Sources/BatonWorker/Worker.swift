import BackgroundServices
import BatonCore
import Foundation
import JobQueue
import Postgres
import Synchronization
import Telemetry

/// `baton worker`: claims jobs from `baton.jobs` and runs them on threads it
/// owns, and, when elected leader, runs the cluster's periodic work.
///
/// - A fetch thread (a `BackgroundService`) claims only as many jobs as
///   there are free slots, wakes on `NOTIFY baton_jobs` (polling every
///   `pollInterval` as the fallback), writes outcomes in batches, extends
///   the leases of running jobs (the heartbeat: a slow job is never rescued
///   while its worker lives) and fails jobs past the job timeout.
/// - `concurrency` runner threads run handlers: one job each, or, for a
///   ``BatchJobHandler``, every job of its kind from a claim at once.
/// - A leader thread (``PeriodicWork``) competes for the leader lease.
///
/// It claims only the kinds it has handlers for, so a worker without
/// webhook settings leaves webhook jobs to workers that have them.
/// ``stop()`` is graceful: claiming stops, running jobs get `shutdownGrace`
/// to finish, the rest go back to the queue, and leadership is resigned.
public final class Worker: Sendable {
    /// The configuration it runs with.
    public let configuration: WorkerConfiguration
    let handlers: [String: any JobHandler]
    let state: Mutex<WorkerState>
    let jobsWaiting = DispatchSemaphore(value: 0)
    private let fetch = BackgroundService<PostgresConnection>(name: "baton-fetch", stopMode: .whenFinished(retries: 2))
    private let lifecycle = Mutex(Lifecycle())
    private let periodic: PeriodicWork?

    /// A worker running `handlers` (by job kind). Nothing starts until ``start()``.
    public init(configuration: WorkerConfiguration, handlers: [String: any JobHandler]) {
        self.configuration = configuration
        self.handlers = handlers
        state = Mutex(
            WorkerState(
                concurrency: configuration.settings.concurrency,
                batchKinds: Set(handlers.filter { $0.value is any BatchJobHandler }.keys), jobTimeout: configuration.settings.jobTimeout,
                heartbeatInterval: configuration.heartbeatInterval, pollInterval: configuration.pollInterval, now: .now))
        periodic = configuration.runsPeriodicWork ? PeriodicWork(configuration: configuration) : nil
    }

    /// Jobs this worker completed and failed since it started, and the
    /// claims that brought it jobs (jobs per claim is its batch size).
    public var statistics: (completed: Int, failed: Int, claims: Int) {
        state.withLock { ($0.completedCount, $0.failedCount, $0.claimCount) }
    }

    /// Whether this worker currently holds the leader lease.
    public var isLeader: Bool { periodic?.isLeader ?? false }

    /// Whether the fetch loop began a turn within `limit`: false when it is
    /// wedged, which a restart cures. A database outage keeps it turning
    /// (it retries with backoff), so it stays responsive through one.
    public func isResponsive(within limit: Duration) -> Bool {
        fetch.hasIterated(within: limit)
    }

    private struct Lifecycle {
        var started = false
        var stopped = false
        var listener: PostgresListener?
    }

    /// Starts the threads. Later calls do nothing.
    public func start() {
        let listener = PostgresListener(conninfo: configuration.conninfo, channels: [JobQueue.channel]) { [self] _ in
            // Any event, `.connected` included: after a reconnect, look for
            // work whose notification was missed.
            state.withLock { $0.workSignals += 1 }
            fetch.wake()
        }
        let first = lifecycle.withLock { life in
            defer { life.started = true }
            if !life.started { life.listener = listener }
            return !life.started
        }
        guard first else { return }
        for index in 0..<configuration.settings.concurrency {
            ServiceThread.start(named: "baton-runner-\(index)") { [self] in runJobs() }
        }
        fetch.start(fetchWork)
        listener.start()
        periodic?.start()
    }

    /// Stops gracefully and returns when done: see the type's description.
    /// At most `shutdownGrace` plus the time of the final database writes.
    public func stop() {
        // The listener's handler holds the worker: dropping it here ends that cycle.
        let (wasRunning, listener) = lifecycle.withLock { life in
            defer {
                life.stopped = true
                life.listener = nil
            }
            return (life.started && !life.stopped, life.listener)
        }
        guard wasRunning else { return }
        // Claiming stops first: resigning leadership takes a round trip, and
        // a renewing `baton worker` must not keep taking jobs meanwhile.
        state.withLock { $0.stopping = true }
        fetch.requestStop(grace: configuration.settings.shutdownGrace)
        listener?.stop()
        periodic?.stop()
        fetch.stop()
        for _ in 0..<configuration.settings.concurrency { jobsWaiting.signal() }
    }

    /// A runner thread: take a job (or a batch kind's jobs), run the
    /// handler, report each outcome as it comes, repeat.
    private func runJobs() {
        while true {
            jobsWaiting.wait()
            let next = state.withLock { state -> (jobs: [ClaimedJob], stop: Bool) in
                (state.take(now: .now), state.stopping && state.waiting.isEmpty)
            }
            guard let first = next.jobs.first else {
                if next.stop { return }
                continue
            }
            let started = ContinuousClock.now
            let startedNanoseconds = Span.now()
            perform(next.jobs, handler: handlers[first.kind], deadline: started + configuration.settings.jobTimeout) { job, outcome in
                record(job, outcome, ran: .now - started)
                recordSpan(of: job, outcome, startedNanoseconds: startedNanoseconds)
                if state.withLock({ $0.finish(job.id, outcome, now: .now) }) { fetch.wake() }
            }
        }
    }

    /// Runs `jobs` (one, or a batch kind's) and reports each outcome once;
    /// a job a batch handler left unreported fails when it returns.
    private func perform(
        _ jobs: [ClaimedJob], handler: (any JobHandler)?, deadline: ContinuousClock.Instant,
        report: (ClaimedJob, WorkerState.Outcome) -> Void
    ) {
        guard let handler else {
            let failure = { (job: ClaimedJob) in
                JobFailure(id: job.id, message: "no handler for this kind", retryAfter: 0, isPermanent: true)
            }
            return jobs.forEach { report($0, .failed(failure($0))) }
        }
        guard let batchHandler = handler as? any BatchJobHandler else {
            return jobs.forEach { job in
                do {
                    // Jobs the handler enqueues continue this job's trace.
                    try TraceScope.$current.withValue(TraceScope(span: job.span, recorder: configuration.spanRecorder)) {
                        try handler.perform(job, deadline: deadline)
                    }
                    report(job, .completed(job.id))
                } catch {
                    report(job, Self.failure(of: job, error))
                }
            }
        }
        var unreported = Set(jobs.map(\.id))
        batchHandler.perform(jobs, deadline: deadline) { job, error in
            guard unreported.remove(job.id) != nil else { return }
            report(job, error.map { Self.failure(of: job, $0) } ?? .completed(job.id))
        }
        for job in jobs where unreported.contains(job.id) {
            report(job, Self.failure(of: job, JobHandlerError.retry("the batch handler reported no outcome")))
        }
    }

    /// The failed outcome of `job` whose handler threw `error`.
    private static func failure(of job: ClaimedJob, _ error: any Error) -> WorkerState.Outcome {
        guard let error = error as? JobHandlerError else {
            return .failed(
                JobFailure(id: job.id, message: String(describing: error), retryAfter: Backoff.jobs.delay(afterAttempt: job.attempt)))
        }
        let delay = error.retryAfter ?? Backoff.jobs.delay(afterAttempt: job.attempt)
        return .failed(JobFailure(id: job.id, message: error.message, retryAfter: delay, isPermanent: error.isPermanent))
    }
}
