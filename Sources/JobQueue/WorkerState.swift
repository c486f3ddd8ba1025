/// What the worker's threads share, as a pure value behind one `Mutex`:
/// jobs waiting for a runner, jobs running with their deadlines, outcomes
/// waiting to be written, the slot count and the fetch loop's timers. Every
/// database call happens outside the lock, on the fetch thread, which takes
/// the lock once per turn for a ``Step`` and once more to add what it
/// claimed. The time is always passed in (`now`), so tests drive the clock.
public struct WorkerState: Sendable {
    /// A claimed job in the worker's hands.
    public struct Held: Sendable {
        public let job: ClaimedJob
        public var deadline: ContinuousClock.Instant?
    }

    /// How one job ended, waiting for the fetch thread to write it.
    public enum Outcome: Equatable, Sendable {
        case completed(Int64)
        case failed(JobFailure)
    }

    /// What the fetch thread does in one turn, in this order: write
    /// `outcomes`, extend the leases of `heartbeat`, claim, hand `release`
    /// back; then stop when `finished`, else sleep for `sleep` (or until woken).
    public struct Step: Equatable, Sendable {
        /// Outcomes to write (given back with ``restore(_:now:)`` when the write fails).
        public var outcomes: [Outcome] = []
        /// Jobs whose leases to extend; empty when no heartbeat is due.
        public var heartbeat: [Int64] = []
        /// Jobs to claim, and the work signal count the claim answers; nil for no claim.
        public var claim: Claim?
        /// Jobs to hand back to the queue (when stopping).
        public var release: [Int64] = []
        /// Whether the worker has finished stopping once this step is done.
        public var finished = false
        /// The longest sleep before the next turn.
        public var sleep = Duration.zero
    }

    /// A claim a step asks for.
    public struct Claim: Equatable, Sendable {
        public let limit: Int
        public let signals: Int
    }

    public let concurrency: Int
    /// Kinds whose handler takes a batch (``BatchJobHandler``): a runner
    /// takes every waiting job of such a kind at once.
    public let batchKinds: Set<String>
    public let jobTimeout: Duration
    public let heartbeatInterval: Duration
    public let pollInterval: Duration
    public var stopping = false
    /// Counts notifications and poll ticks; a claim that comes back short
    /// records the count it started at in `exhaustedAt`, so a notification
    /// that arrives during the claim is not lost.
    public var workSignals = 1
    public var exhaustedAt = 0
    public var mayHaveWork: Bool { workSignals != exhaustedAt }
    /// Claimed, not yet taken by a runner.
    public var waiting: [ClaimedJob] = []
    /// Claimed and not yet finished, by id: leases to heartbeat.
    public var held: [Int64: Held] = [:]
    /// Jobs inside a handler (a timed-out one still counts until its handler reports it).
    public var runningJobs = 0
    public var outcomes: [Outcome] = []
    /// When the oldest unwritten outcome arrived.
    public var outcomesSince: ContinuousClock.Instant?
    public var nextHeartbeat: ContinuousClock.Instant
    public var nextPoll: ContinuousClock.Instant
    public var completedCount = 0
    public var failedCount = 0
    /// Claim statements that returned at least one job, to tell batch sizes.
    public var claimCount = 0

    public init(
        concurrency: Int, batchKinds: Set<String> = [], jobTimeout: Duration, heartbeatInterval: Duration, pollInterval: Duration,
        now: ContinuousClock.Instant
    ) {
        self.concurrency = concurrency
        self.batchKinds = batchKinds
        self.jobTimeout = jobTimeout
        self.heartbeatInterval = heartbeatInterval
        self.pollInterval = pollInterval
        nextHeartbeat = now + heartbeatInterval
        nextPoll = now + pollInterval
    }

    /// Slots free for new claims.
    public var freeSlots: Int { stopping ? 0 : max(0, concurrency - runningJobs - waiting.count) }

    /// The fetch thread's turn at `now`; `stopDeadline` is when a stop's
    /// grace period ends (nil while not stopping). Fails overdue jobs, takes
    /// the outcomes when it is time to write them, and decides the
    /// heartbeat, the claim and, when stopping, what to hand back.
    public mutating func step(now: ContinuousClock.Instant, stopDeadline: ContinuousClock.Instant?) -> Step {
        expireOverdue(now: now)
        var step = Step()
        let refill = refillDue(now: now)
        if refill || stopping { step.outcomes = takeOutcomes() }
        if now >= nextHeartbeat {
            nextHeartbeat = now + heartbeatInterval
            step.heartbeat = Array(held.keys)
        }
        if now >= nextPoll {
            nextPoll = now + pollInterval
            workSignals += 1
        }
        if stopping {
            step.release = drainWaiting()
            if held.isEmpty || stopDeadline.map({ now >= $0 }) == true {
                step.release += held.keys
                held.removeAll()
                step.finished = true
            }
        } else if refill, freeSlots > 0, mayHaveWork {
            step.claim = Claim(limit: freeSlots, signals: workSignals)
        }
        let recheck = outcomesSince.map { $0 + Self.batchWindow }
        let wakeAt = [nextHeartbeat, nextPoll, stopDeadline, nextDeadline, recheck].compactMap { $0 }.min()!
        step.sleep = max(.milliseconds(1), wakeAt - now)
        return step
    }

    /// `claim` grown to the slots free now: runners that finished while
    /// the turn wrote its outcomes have freed theirs, and a claim that
    /// leaves them empty costs another round trip later. Never smaller.
    public func widened(_ claim: Claim) -> Claim {
        Claim(limit: max(claim.limit, freeSlots), signals: claim.signals)
    }

    /// Adds the jobs a step's claim returned; a short claim means the queue
    /// had nothing more when the claim began.
    /// - Returns: how many runners to wake: one per job, but one per batch
    ///   kind for all of that kind's jobs.
    @discardableResult
    public mutating func claimed(_ jobs: [ClaimedJob], for claim: Claim) -> Int {
        if !jobs.isEmpty { claimCount += 1 }
        waiting += jobs
        for job in jobs { held[job.id] = Held(job: job, deadline: nil) }
        if jobs.count < claim.limit { exhaustedAt = claim.signals }
        let batched = jobs.filter { batchKinds.contains($0.kind) }
        return jobs.count - batched.count + Set(batched.map(\.kind)).count
    }

    /// What a runner runs next, their deadline set from `now`: the first
    /// waiting job, with every other waiting job of its kind when that kind
    /// is a batch kind; empty when none waits.
    public mutating func take(now: ContinuousClock.Instant) -> [ClaimedJob] {
        guard let first = waiting.first else { return [] }
        let taken: [ClaimedJob]
        if batchKinds.contains(first.kind) {
            taken = waiting.filter { $0.kind == first.kind }
            waiting.removeAll { $0.kind == first.kind }
        } else {
            taken = [waiting.removeFirst()]
        }
        runningJobs += taken.count
        let deadline = now + jobTimeout
        for job in taken { held[job.id]?.deadline = deadline }
        return taken
    }

    /// A runner finished `id` at `now`. Its outcome counts only if the job
    /// is still held (not already failed by the timeout check).
    /// - Returns: whether the fetch thread must be woken: the refill is due,
    ///   the outcome opened a batch window (whose end the fetch thread's
    ///   sleep does not know yet), or the worker is stopping. Otherwise
    ///   the step it would take changes nothing, and on a small machine
    ///   a wake-up per job costs the runners a core.
    @discardableResult
    public mutating func finish(_ id: Int64, _ outcome: Outcome, now: ContinuousClock.Instant) -> Bool {
        runningJobs -= 1
        let opensWindow = outcomesSince == nil
        if held.removeValue(forKey: id) != nil { record(outcome, now: now) }
        return stopping || opensWindow || refillDue(now: now)
    }

    /// Puts back outcomes whose write failed, ahead of newer ones.
    public mutating func restore(_ unwritten: [Outcome], now: ContinuousClock.Instant) {
        outcomes.insert(contentsOf: unwritten, at: 0)
        outcomesSince = outcomesSince ?? now
    }

    /// Fails every running job past its deadline; their slots stay busy
    /// until the handler reports them.
    private mutating func expireOverdue(now: ContinuousClock.Instant) {
        for (id, held) in held where (held.deadline.map { $0 < now }) == true {
            self.held[id] = nil
            let message = "timed out after \(jobTimeout) (BATON_JOB_TIMEOUT_SECONDS)"
            let failure = JobFailure(id: id, message: message, retryAfter: Backoff.jobs.delay(afterAttempt: held.job.attempt))
            record(.failed(failure), now: now)
        }
    }

    /// The earliest deadline of a running job.
    private var nextDeadline: ContinuousClock.Instant? { held.values.compactMap(\.deadline).min() }

    /// Hands back jobs no runner has started, for release at shutdown.
    private mutating func drainWaiting() -> [Int64] {
        let ids = waiting.map(\.id)
        waiting.removeAll()
        ids.forEach { held[$0] = nil }
        return ids
    }

    /// How long a finished job may wait for others before its outcome is
    /// written and its slot refilled: batching several finishes into one
    /// round trip, at the cost of at most this much latency.
    static let batchWindow = Duration.milliseconds(10)

    /// Whether to write outcomes and refill slots now: no job is running
    /// any more, half the slots have finished, or the oldest outcome has
    /// waited `batchWindow`.
    private func refillDue(now: ContinuousClock.Instant) -> Bool {
        guard let since = outcomesSince else { return true }
        return runningJobs == 0 || outcomes.count * 2 >= concurrency || now - since >= Self.batchWindow
    }

    private mutating func takeOutcomes() -> [Outcome] {
        defer {
            outcomes.removeAll()
            outcomesSince = nil
        }
        return outcomes
    }

    private mutating func record(_ outcome: Outcome, now: ContinuousClock.Instant) {
        if outcomes.isEmpty { outcomesSince = now }
        outcomes.append(outcome)
        if case .completed = outcome { completedCount += 1 } else { failedCount += 1 }
    }
}
