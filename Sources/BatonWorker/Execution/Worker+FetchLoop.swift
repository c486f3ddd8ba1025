import BatonCore
import Postgres

extension Worker {
    /// The fetch thread: write outcomes, heartbeat, claim into free slots,
    /// sleep until woken; at shutdown, wait out the grace period and hand
    /// back what did not finish. Database failures close the connection and
    /// retry with backoff; outcomes stay buffered until written.
    func fetchLoop() {
        var loop = FetchLoopClock(configuration: configuration)
        var connection: PostgresConnection?
        var failures = 0
        while true {
            state.withLock { $0.lastTurn = .now }
            do {
                let database = try connection ?? PostgresConnection(configuration.conninfo)
                connection = database
                if try turn(&loop, on: database) {
                    database.close()
                    return
                }
                failures = 0
                let (deadline, recheck) = state.withLock { ($0.nextDeadline, $0.refillDue(now: .now).recheckAt) }
                wake.wait(loop.sleep(until: [deadline, recheck].compactMap { $0 }.min()))
            } catch {
                connection?.close()
                connection = nil
                failures += 1
                configuration.log(.failure(in: "fetch", error))
                // Without a database there is nothing to hand back: the
                // leases of held jobs expire and the leader rescues them.
                if state.withLock({ $0.stopping }), failures >= 3 { return }
                wake.wait(.milliseconds(100) * (1 << min(failures - 1, 6)))
            }
        }
    }

    /// One turn of the loop; true when the worker has finished stopping.
    private func turn(_ loop: inout FetchLoopClock, on database: PostgresConnection) throws -> Bool {
        let now = ContinuousClock.now
        let timeout = configuration.settings.jobTimeout
        let (stopping, refill) = state.withLock { state in
            state.expireOverdue(now: now, timeout: timeout)
            return (state.stopping, state.refillDue(now: now).now)
        }
        if refill || stopping { try writeOutcomes(on: database) }
        if loop.heartbeatDue(now) { try heartbeat(on: database) }
        if loop.pollDue(now) { state.withLock { $0.workSignals += 1 } }
        guard stopping else {
            if refill { try claim(on: database) }
            return false
        }
        try JobQueue.release(state.withLock { $0.drainWaiting() }, workerID: configuration.workerID, on: database)
        let idle = state.withLock { $0.held.isEmpty }
        guard idle || loop.graceOver(now, grace: configuration.settings.shutdownGrace) else { return false }
        try writeOutcomes(on: database)
        let unfinished = state.withLock { state in
            defer { state.held.removeAll() }
            return Array(state.held.keys)
        }
        try JobQueue.release(unfinished, workerID: configuration.workerID, on: database)
        return true
    }

    private func claim(on database: PostgresConnection) throws {
        let (free, signals, wanted) = state.withLock { ($0.freeSlots, $0.workSignals, $0.mayHaveWork) }
        guard free > 0, wanted else { return }
        let jobs = try JobQueue.claim(
            limit: free, kinds: Array(handlers.keys), workerID: configuration.workerID,
            lease: configuration.settings.lease, on: database)
        state.withLock { state in
            state.add(jobs)
            if jobs.count < free { state.exhaustedAt = signals }
        }
        for _ in jobs { jobsWaiting.signal() }
    }

    private func writeOutcomes(on database: PostgresConnection) throws {
        let outcomes = state.withLock { $0.takeOutcomes() }
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
            state.withLock { $0.restore(outcomes) }
            throw error
        }
    }

    private func heartbeat(on database: PostgresConnection) throws {
        let ids = state.withLock { Array($0.held.keys) }
        try JobQueue.heartbeat(ids, workerID: configuration.workerID, lease: configuration.settings.lease, on: database)
    }
}

/// The fetch loop's timers: heartbeat, poll, and the shutdown grace period.
struct FetchLoopClock {
    let heartbeatInterval: Duration
    let pollInterval: Duration
    var nextHeartbeat: ContinuousClock.Instant
    var nextPoll: ContinuousClock.Instant
    var graceEnds: ContinuousClock.Instant?

    init(configuration: WorkerConfiguration) {
        heartbeatInterval = configuration.heartbeatInterval
        pollInterval = configuration.pollInterval
        nextHeartbeat = .now + heartbeatInterval
        nextPoll = .now + pollInterval
    }

    mutating func heartbeatDue(_ now: ContinuousClock.Instant) -> Bool {
        guard now >= nextHeartbeat else { return false }
        nextHeartbeat = now + heartbeatInterval
        return true
    }

    mutating func pollDue(_ now: ContinuousClock.Instant) -> Bool {
        guard now >= nextPoll else { return false }
        nextPoll = now + pollInterval
        return true
    }

    /// Starts the grace period on first call; true once it has passed.
    mutating func graceOver(_ now: ContinuousClock.Instant, grace: Duration) -> Bool {
        let ends = graceEnds ?? now + grace
        graceEnds = ends
        return now >= ends
    }

    /// How long to sleep: until the next timer, or `instant` if sooner.
    func sleep(until instant: ContinuousClock.Instant?) -> Duration {
        let wakeAt = [nextHeartbeat, nextPoll, graceEnds, instant].compactMap { $0 }.min()!
        return max(.milliseconds(1), wakeAt - .now)
    }
}
