import Foundation
import Postgres
import Synchronization

/// Runs ``GuessBudget/flush(on:)`` every ``interval``, and early when
/// ``wake()`` is called, on a thread and connection of its own (started by
/// the first ``start()``). A failed flush keeps the failures for the next
/// one. ``stop()`` flushes a last time.
///
/// The interval is how stale a replica's view of the cluster may be: a
/// failure counted on one replica is refused on every other one at most
/// two intervals later (its flush, then theirs).
public final class GuessBudgetFlusher: Sendable {
    /// The budget it flushes.
    public let budget: GuessBudget
    /// Time between flushes.
    public let interval: Duration
    private let conninfo: String
    private let signal = WakeSignal()
    private let phase = Mutex(Phase.idle)
    private let finished = DispatchSemaphore(value: 0)

    /// A flusher of `budget` into the database at `conninfo`; nothing is opened yet.
    public init(budget: GuessBudget, conninfo: String, interval: Duration = .milliseconds(500)) {
        self.budget = budget
        self.conninfo = conninfo
        self.interval = interval
    }

    /// Starts the flushing thread (once, and only when the budget limits
    /// anything; later calls do nothing).
    public func start() {
        guard budget.isEnabled else { return }
        let begins = phase.withLock { phase in
            guard phase == .idle else { return false }
            phase = .running
            return true
        }
        guard begins else { return }
        let thread = Thread { [self] in run() }
        thread.name = "baton-guesses"
        thread.start()
    }

    /// Asks for a flush now (many failures are pending).
    public func wake() {
        signal.signal()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    public func stop() {
        let wasRunning = phase.withLock { phase in
            defer { phase = .stopped }
            return phase == .running
        }
        if wasRunning {
            signal.signal()
            finished.wait()
        }
    }

    private func run() {
        var connection: PostgresConnection?
        while true {
            signal.wait(interval)
            let stopping = phase.withLock { $0 == .stopped }
            do {
                let open = try connection ?? PostgresConnection(conninfo, connectTimeoutSeconds: 2)
                connection = open
                try budget.flush(on: open)
            } catch {
                connection?.close()
                connection = nil
            }
            if stopping { break }
        }
        connection?.close()
        finished.signal()
    }

    private enum Phase { case idle, running, stopped }
}
