import Foundation
import Postgres
import Synchronization

/// Wakes listening workers after jobs were committed, from outside the
/// transaction that enqueued them.
///
/// A `NOTIFY` inside the enqueuing transaction would make its commit take
/// PostgreSQL's global notification lock, which serializes the commits of
/// every such transaction (redemptions among them) and loses group commit.
/// Instead the caller commits, then calls ``signal()``: it only sets a flag,
/// and this object's own thread sends one `pg_notify('baton_jobs', '')` per
/// burst of signals, on a connection of its own, in a transaction that writes
/// nothing. When the database is unreachable the wake-up is dropped: workers
/// poll (every 2 s by default) and find the jobs anyway.
///
/// One per process (the API server's), started lazily on the first signal.
public final class JobWakeup: Sendable {
    private let conninfo: String
    private let wake = WakeSignal()
    private let state = Mutex<(started: Bool, stopped: Bool)>((false, false))
    private let finished = DispatchSemaphore(value: 0)

    /// A notifier for the database at `conninfo`; nothing is opened yet.
    public init(conninfo: String) {
        self.conninfo = conninfo
    }

    /// Asks for a wake-up soon. Cheap and non-blocking: call it after every
    /// commit that enqueued jobs (for example after `OutboxEvents.record`).
    public func signal() {
        let start = state.withLock { state in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "baton-job-wakeup"
            thread.start()
        }
        wake.signal()
    }

    /// Stops the thread after any wake-up in flight.
    public func stop() {
        let running = state.withLock { state in
            defer { state.stopped = true }
            return state.started && !state.stopped
        }
        guard running else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        var connection: PostgresConnection?
        while true {
            wake.wait(.seconds(3600))
            if state.withLock({ $0.stopped }) { break }
            do {
                let open = try connection ?? PostgresConnection(conninfo, connectTimeoutSeconds: 2)
                connection = open
                try JobQueue.wake(on: open)
            } catch {
                connection?.close()
                connection = nil
            }
        }
        connection?.close()
        finished.signal()
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
