import Foundation
import Postgres
import Synchronization

/// Wakes listening workers after webhook jobs were committed, at most once
/// per coalescing window, from a thread of its own.
///
/// Webhook jobs are enqueued inside hot transactions (redeem, revoke) where a
/// NOTIFY would take PostgreSQL's cluster-wide notify lock at commit and
/// serialise them (see `Migrations/0005_…`). Instead, the request calls
/// ``signal()`` after its commit; the notifier sends one `NOTIFY baton_jobs`
/// for every burst of signals. A failed NOTIFY is dropped: workers poll.
public final class JobNotifier: Sendable {
    private let pool: PostgresPool
    private let window: Duration
    private let pending = Mutex(false)
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = Atomic(false)

    /// A notifier sending through `pool`, coalescing signals within `window`.
    public init(pool: PostgresPool, window: Duration = .milliseconds(20)) {
        self.pool = pool
        self.window = window
        let thread = Thread { [self] in run() }
        thread.name = "baton.job-notifier"
        thread.start()
    }

    /// Asks for a NOTIFY soon. Cheap and non-blocking; call after commit.
    public func signal() {
        let first = pending.withLock { flag in
            defer { flag = true }
            return !flag
        }
        if first { wake.signal() }
    }

    /// Stops the notifier's thread; later signals are ignored.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
    }

    private func run() {
        while true {
            wake.wait()
            if stopped.load(ordering: .acquiring) { return }
            Thread.sleep(forTimeInterval: Double(window.components.attoseconds) / 1e18 + Double(window.components.seconds))
            pending.withLock { $0 = false }
            _ = try? pool.withConnection { try $0.query(Self.notify) }
        }
    }

    static let notify = PostgresStatement(name: "job_notifier_notify", sql: "SELECT pg_notify('\(JobQueue.channel)', '')")
}
