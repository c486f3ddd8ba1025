import BackgroundServices
import Foundation
import Postgres

/// Wakes listening workers after jobs were committed, from outside the
/// transaction that enqueued them.
///
/// Code that enqueues a job raises ``Postgres/CommitSignal/jobsEnqueued`` on
/// its connection; the server's pool hands the signal to ``signal()`` once
/// the transaction commits (`PostgresPoolConfiguration.commitObserver`), so
/// no route has to remember to wake the workers, and a rollback wakes none.
///
/// A `NOTIFY` inside the enqueuing transaction would make its commit take
/// PostgreSQL's global notification lock, which serializes the commits of
/// every such transaction (redemptions among them) and loses group commit.
/// Instead the caller commits, then calls ``signal()``: it only sets a flag,
/// and this object's own thread (a `BackgroundService`) sends one
/// `pg_notify('baton_jobs', '')` per burst of signals, on a connection of
/// its own, in a transaction that writes nothing. After each it pauses for
/// ``coalescingInterval`` before it may send the next, so that under load
/// the signals of many commits fold into one NOTIFY. When the database is
/// unreachable the service reconnects with backoff and sends the wake-up
/// once it is back; workers poll (every 2 s by default) and find the jobs
/// anyway.
///
/// One per process (the API server's), started with the server's services
/// or, without them (a test's application), on the first signal.
public final class JobWakeup: LifecycleService {
    /// The pause after each NOTIFY. Every redemption signals, and with many
    /// connections the next signal is already waiting when a NOTIFY returns,
    /// so without the pause the thread sent NOTIFYs back to back, a tenth
    /// of the server's CPU (docs/performance.md); a worker hears of a job
    /// at most this much later.
    public static let coalescingInterval: Duration = .milliseconds(5)

    private let service = BackgroundService<PostgresConnection>(name: "baton-wakeup")
    private let work: ServiceWork<PostgresConnection>

    /// A notifier for the database at `conninfo`; nothing is opened yet.
    public init(conninfo: String) {
        work = ServiceWork(
            connect: { try PostgresConnection(conninfo, connectTimeoutSeconds: 2) },
            turn: { connection, _ in
                try JobQueue.wake(on: connection)
                // A plain sleep, not a wait a signal would end: signals that
                // arrive meanwhile leave one wake-up behind, so the wait
                // below returns at once and the next turn sends one NOTIFY for them all.
                Thread.sleep(forTimeInterval: JobWakeup.coalescingInterval / .seconds(1))
                return .wait(.seconds(3600))
            },
            disconnect: { connection, _ in connection.close() })
    }

    /// Starts the notifying thread, which connects and sends one wake-up
    /// at once: listening workers look for jobs enqueued before this
    /// process ran, without waiting for their next poll.
    public func start() {
        service.start(work)
    }

    /// Asks for a wake-up soon. Cheap and non-blocking: the pool's commit
    /// observer calls it after every commit that raised ``Postgres/CommitSignal/jobsEnqueued``.
    public func signal() {
        start()
        service.wake()
    }

    /// Stops the thread after any wake-up in flight.
    public func stop() {
        service.stop()
    }
}

extension JobQueue {
    /// Sends `pg_notify('baton_jobs', '')` in its own transaction: call it
    /// on a connection outside any transaction, after the enqueuing
    /// transaction committed (``JobWakeup`` does this on a thread of its own).
    public static func wake(on connection: PostgresConnection) throws(JobQueueError) {
        try JobQueueError.wrapping { () throws(PostgresError) in
            _ = try connection.query(wakeStatement)
        }
    }

    static let wakeStatement = PostgresStatement(name: "jobs_wake", sql: "SELECT pg_notify('\(channel)', '')")
}

extension CommitSignal {
    /// A job was enqueued: once it commits, listening workers should look (``JobWakeup``).
    public static let jobsEnqueued = CommitSignal("jobs_enqueued")
}
