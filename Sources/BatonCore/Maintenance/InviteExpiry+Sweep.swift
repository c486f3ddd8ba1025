import Foundation
import Postgres
import Synchronization

extension InviteExpiry {
    /// What a whole sweep did, summed over its batches on every connection.
    public struct Sweep: Sendable, Equatable {
        /// Deadlines that came due and were taken off `baton.invite_deadlines`.
        public var due = 0
        /// Invites now `expired`, each with its event and webhook job.
        public var expired = 0
        /// Statements run (committed batches, short ones included).
        public var batches = 0

        /// An empty sweep.
        public init() {}

        mutating func add(_ batch: Batch) {
            due += batch.due
            expired += batch.expired
            batches += 1
        }

        mutating func add(_ other: Sweep) {
            due += other.due
            expired += other.expired
            batches += other.batches
        }
    }

    /// Expires every due invite: `expireDue` batches of `limit` on
    /// `connection` until a short one. When the first batch comes back full
    /// (a backlog), `parallel - 1` helpers sweep beside it, each on a thread
    /// of its own with its own connection opened from `conninfo` and closed
    /// at the end; `SKIP LOCKED` on the deadlines splits the work, so no
    /// invite is taken twice. The worker's leader and `baton-bench queue`
    /// both run this, so the benchmark measures the worker's sweep.
    ///
    /// Each batch commits by itself. When `betweenBatches` (called on this
    /// thread after each full batch of `connection`, e.g. to renew a lease)
    /// returns false or throws, or this thread's batch is short or fails,
    /// the helpers stop after the batch they are running; deadlines not
    /// taken stay for the next sweep. A failed batch rolls back whole.
    /// - Parameters:
    ///   - parallel: connections sweeping at once during a backlog (at least 1);
    ///     a second one pays off only with a core free for it.
    ///   - webhookMaxAttempts: attempts of each webhook job.
    /// - Returns: the totals, helpers included.
    /// - Throws: the first `JobQueueError` of any connection (after every
    ///   helper has stopped: the batches committed before it stay), or what
    ///   `betweenBatches` throws.
    public static func sweep(
        limit: Int = 5_000, parallel: Int = 1, webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts,
        on connection: PostgresConnection, conninfo: String, betweenBatches: () throws -> Bool = { true }
    ) throws -> Sweep {
        let limit = max(1, limit)
        var total = Sweep()
        let first = try expireDue(limit: limit, webhookMaxAttempts: webhookMaxAttempts, on: connection)
        total.add(first)
        guard first.due == limit, try betweenBatches() else { return total }
        let crew = SweepCrew()
        for _ in 1..<max(1, parallel) {
            crew.launch { () throws(JobQueueError) in
                let helper = try JobQueueError.wrapping { () throws(PostgresError) in try PostgresConnection(conninfo) }
                defer { helper.close() }
                var done = Sweep()
                while !crew.isStopped {
                    let batch = try expireDue(limit: limit, webhookMaxAttempts: webhookMaxAttempts, on: helper)
                    done.add(batch)
                    if batch.due < limit { break }
                }
                return done
            }
        }
        let ownOutcome = Result { () throws -> Sweep in
            var done = Sweep()
            while true {
                let batch = try expireDue(limit: limit, webhookMaxAttempts: webhookMaxAttempts, on: connection)
                done.add(batch)
                guard batch.due == limit, try betweenBatches() else { return done }
            }
        }
        let helpers = crew.stopAndJoin()
        total.add(try ownOutcome.get())
        for outcome in helpers { total.add(try outcome.get()) }
        return total
    }
}

/// The helper threads of one sweep: a stop flag they read between batches,
/// and their outcomes, collected once each has closed its connection.
private final class SweepCrew: Sendable {
    private let stopped = Mutex(false)
    private let outcomes = Mutex<[Result<InviteExpiry.Sweep, JobQueueError>]>([])
    private let finished = DispatchSemaphore(value: 0)
    private let launched = Mutex(0)

    var isStopped: Bool { stopped.withLock { $0 } }

    /// Runs `work` on a new thread (libpq blocks: never on Swift's pool).
    func launch(_ work: @escaping @Sendable () throws(JobQueueError) -> InviteExpiry.Sweep) {
        launched.withLock { $0 += 1 }
        let thread = Thread { [self] in
            let outcome = Result(catching: work)
            outcomes.withLock { $0.append(outcome) }
            finished.signal()
        }
        thread.name = "baton-expiry-sweep"
        thread.start()
    }

    /// Asks every helper to stop after its current batch and waits for all.
    func stopAndJoin() -> [Result<InviteExpiry.Sweep, JobQueueError>] {
        stopped.withLock { $0 = true }
        for _ in 0..<launched.withLock({ $0 }) { finished.wait() }
        return outcomes.withLock { $0 }
    }
}
