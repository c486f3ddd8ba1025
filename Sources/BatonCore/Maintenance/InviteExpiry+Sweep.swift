import BackgroundServices
import JobQueue
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
        let helpers = (1..<max(1, parallel)).map { _ in
            crew.startHelper(conninfo: conninfo, limit: limit, webhookMaxAttempts: webhookMaxAttempts)
        }
        let ownOutcome = Result { () throws -> Sweep in
            var done = Sweep()
            while true {
                let batch = try expireDue(limit: limit, webhookMaxAttempts: webhookMaxAttempts, on: connection)
                done.add(batch)
                guard batch.due == limit, try betweenBatches() else { return done }
            }
        }
        let helpersOutcome = crew.stopAndJoin(helpers)
        total.add(try ownOutcome.get())
        total.add(try helpersOutcome.get())
        return total
    }
}

/// The helper threads of one sweep, each a `BackgroundService` without
/// retries (its own connection, batches until a short one or a failure),
/// and what they did together: their totals, or the first failure.
private final class SweepCrew: Sendable {
    private let outcome = Mutex<Result<InviteExpiry.Sweep, any Error>>(.success(InviteExpiry.Sweep()))

    /// Starts a helper expiring batches of `limit` on a connection of its
    /// own until a batch comes back short.
    func startHelper(conninfo: String, limit: Int, webhookMaxAttempts: Int) -> BackgroundService<PostgresConnection> {
        let helper = BackgroundService<PostgresConnection>(name: "baton-sweep", backoff: nil)
        helper.start(
            ServiceWork(
                report: { [self] event in
                    guard case .failing(let error, _) = event else { return }
                    outcome.withLock { if case .success = $0 { $0 = .failure(error) } }
                },
                connect: { () throws(JobQueueError) in
                    try JobQueueError.wrapping { () throws(PostgresError) in try PostgresConnection(conninfo) }
                },
                turn: { [self] connection, _ in
                    let batch = try InviteExpiry.expireDue(limit: limit, webhookMaxAttempts: webhookMaxAttempts, on: connection)
                    outcome.withLock { outcome in
                        if case .success(var sweep) = outcome {
                            sweep.add(batch)
                            outcome = .success(sweep)
                        }
                    }
                    return batch.due < limit ? .finished : .again
                },
                disconnect: { connection, _ in connection.close() }))
        return helper
    }

    /// Asks every helper to stop after its current batch, waits for all,
    /// and returns their totals or the first failure.
    func stopAndJoin(_ helpers: [BackgroundService<PostgresConnection>]) -> Result<InviteExpiry.Sweep, any Error> {
        helpers.forEach { $0.requestStop() }
        helpers.forEach { $0.stop() }
        return outcome.withLock { $0 }
    }
}
