import BatonCore

/// What the worker's threads share, as a pure value behind one `Mutex`:
/// jobs waiting for a runner, jobs running with their deadlines, outcomes
/// waiting to be written, and the slot count. Every database call happens
/// outside the lock, on the fetch thread.
struct WorkerState {
    /// A claimed job in the worker's hands.
    struct Held {
        let job: ClaimedJob
        var deadline: ContinuousClock.Instant?
    }

    /// How one job ended, waiting for the fetch thread to write it.
    enum Outcome: Equatable {
        case completed(Int64)
        case failed(JobFailure)
    }

    let concurrency: Int
    var stopping = false
    /// Counts notifications and poll ticks; a claim that comes back short
    /// records the count it started at in `exhaustedAt`, so a notification
    /// that arrives during the claim is not lost.
    var workSignals = 1
    var exhaustedAt = 0
    var mayHaveWork: Bool { workSignals != exhaustedAt }
    /// Claimed, not yet taken by a runner.
    var waiting: [ClaimedJob] = []
    /// Claimed and not yet finished, by id: leases to heartbeat.
    var held: [Int64: Held] = [:]
    /// Runner threads inside a handler (a timed-out handler still counts).
    var busyRunners = 0
    var outcomes: [Outcome] = []
    /// When the oldest unwritten outcome arrived.
    var outcomesSince: ContinuousClock.Instant?
    var completedCount = 0
    var failedCount = 0
    /// Claim statements that returned at least one job, to tell batch sizes.
    var claimCount = 0
    /// When the fetch loop last began a turn (or the worker was made): what
    /// the liveness probe reads.
    var lastTurn = ContinuousClock.now

    init(concurrency: Int) {
        self.concurrency = concurrency
    }

    /// Slots free for new claims.
    var freeSlots: Int { stopping ? 0 : max(0, concurrency - busyRunners - waiting.count) }

    mutating func add(_ jobs: [ClaimedJob]) {
        if !jobs.isEmpty { claimCount += 1 }
        waiting += jobs
        for job in jobs { held[job.id] = Held(job: job, deadline: nil) }
    }

    /// The next job for a runner, with its deadline set; nil when none waits.
    mutating func take(timeout: Duration) -> ClaimedJob? {
        guard !waiting.isEmpty else { return nil }
        let job = waiting.removeFirst()
        busyRunners += 1
        held[job.id]?.deadline = .now + timeout
        return job
    }

    /// A runner finished `id`. Its outcome counts only if the job is still
    /// held (not already failed by the timeout check).
    mutating func finish(_ id: Int64, _ outcome: Outcome) {
        busyRunners -= 1
        guard held.removeValue(forKey: id) != nil else { return }
        record(outcome)
    }

    /// Fails every running job past its deadline; their runners stay busy
    /// until the handler returns.
    mutating func expireOverdue(now: ContinuousClock.Instant, timeout: Duration) {
        for (id, held) in held where (held.deadline.map { $0 < now }) == true {
            self.held[id] = nil
            let message = "timed out after \(timeout) (BATON_JOB_TIMEOUT_SECONDS)"
            record(.failed(JobFailure(id: id, message: message, retryAfter: Backoff.jobs.delay(afterAttempt: held.job.attempt))))
        }
    }

    /// The earliest deadline of a running job.
    var nextDeadline: ContinuousClock.Instant? { held.values.compactMap(\.deadline).min() }

    /// Hands back jobs no runner has started, for release at shutdown.
    mutating func drainWaiting() -> [Int64] {
        let ids = waiting.map(\.id)
        waiting.removeAll()
        ids.forEach { held[$0] = nil }
        return ids
    }

    /// How long a finished job may wait for others before its outcome is
    /// written and its slot refilled: batching several finishes into one
    /// round trip, at the cost of at most this much latency.
    static let batchWindow = Duration.milliseconds(10)

    /// Whether the fetch thread should write outcomes and refill slots now:
    /// no job is running any more, half the slots have finished, or the
    /// oldest outcome has waited `batchWindow`. Otherwise, when to look again.
    func refillDue(now: ContinuousClock.Instant) -> (now: Bool, recheckAt: ContinuousClock.Instant?) {
        guard let since = outcomesSince else { return (true, nil) }
        let due = busyRunners == 0 || outcomes.count * 2 >= concurrency || now - since >= Self.batchWindow
        return (due, due ? nil : since + Self.batchWindow)
    }

    /// Takes every unwritten outcome.
    mutating func takeOutcomes() -> [Outcome] {
        defer {
            outcomes.removeAll()
            outcomesSince = nil
        }
        return outcomes
    }

    /// Puts back outcomes whose write failed, ahead of newer ones.
    mutating func restore(_ unwritten: [Outcome]) {
        outcomes.insert(contentsOf: unwritten, at: 0)
        outcomesSince = outcomesSince ?? .now
    }

    private mutating func record(_ outcome: Outcome) {
        if outcomes.isEmpty { outcomesSince = .now }
        outcomes.append(outcome)
        if case .completed = outcome { completedCount += 1 } else { failedCount += 1 }
    }
}
