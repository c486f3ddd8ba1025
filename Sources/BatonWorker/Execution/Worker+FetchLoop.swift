import BackgroundServices
import BatonCore
import JobQueue
import Postgres

extension Worker {
    /// The fetch thread's work: each turn takes one ``WorkerState/Step``
    /// (write outcomes, heartbeat, claim into free slots; at shutdown, hand
    /// back what did not start and, once the grace period ends, what did
    /// not finish), performs it and sleeps until the step's next timer or
    /// until woken. A database failure closes the connection and the
    /// service reconnects with backoff; outcomes stay buffered until written.
    var fetchWork: ServiceWork<PostgresConnection> {
        let conninfo = configuration.conninfo
        return ServiceWork(
            report: configuration.report(loop: "fetch"), connect: { try PostgresConnection(conninfo) },
            turn: { [self] database, context in try turn(on: database, context) },
            disconnect: { database, _ in database.close() })
    }

    private func turn(on database: PostgresConnection, _ context: ServiceContext) throws -> ServiceStep {
        let stopDeadline = context.stopDeadline
        let step = state.withLock { $0.step(now: .now, stopDeadline: stopDeadline) }
        try write(step.outcomes, on: database)
        let workerID = configuration.workerID
        try JobQueue.heartbeat(step.heartbeat, workerID: workerID, lease: configuration.settings.lease, on: database)
        if let planned = step.claim {
            let claim = state.withLock { $0.widened(planned) }
            let sampler = configuration.traceSampler
            let jobs = try JobQueue.claim(
                limit: claim.limit, kinds: Array(handlers.keys), workerID: workerID, lease: configuration.settings.lease, on: database
            ).map { job in
                var job = job
                job.span.isSampled = sampler.isSampled(traceID: job.span.traceID, parent: job.trace)
                return job
            }
            let runners = state.withLock { $0.claimed(jobs, for: claim) }
            for _ in 0..<runners { jobsWaiting.signal() }
        }
        // Without a database there is nothing to hand back: the leases of
        // held jobs expire and the leader rescues them.
        try JobQueue.release(step.release, workerID: workerID, on: database)
        return step.finished ? .finished : .wait(step.sleep)
    }

    private func write(_ outcomes: [WorkerState.Outcome], on database: PostgresConnection) throws {
        guard !outcomes.isEmpty else { return }
        var completed: [Int64] = []
        var failed: [JobFailure] = []
        for outcome in outcomes {
            switch outcome {
            case .completed(let id): completed.append(id)
            case .failed(let failure): failed.append(failure)
            }
        }
        do {
            try JobQueue.complete(completed, workerID: configuration.workerID, on: database)
            let discarded = try JobQueue.fail(failed, workerID: configuration.workerID, on: database)
            if !discarded.isEmpty { configuration.log(.discarded(ids: discarded)) }
        } catch {
            // Both statements are idempotent for a running job: write them all again next time.
            state.withLock { $0.restore(outcomes, now: .now) }
            throw error
        }
    }
}
