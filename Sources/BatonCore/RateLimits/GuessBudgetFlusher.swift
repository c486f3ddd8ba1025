import BackgroundServices
import Foundation
import Postgres

/// Runs ``GuessBudget/flush(on:)`` every ``interval``, and early when
/// ``wake()`` is called, on a thread and connection of its own (a
/// `BackgroundFlusher`, started by the first ``start()``). A failed flush
/// keeps the failures for the next one. ``stop()`` flushes a last time.
///
/// The interval is how stale a replica's view of the cluster may be: a
/// failure counted on one replica is refused on every other one at most
/// two intervals later (its flush, then theirs).
public final class GuessBudgetFlusher: LifecycleService {
    /// The budget it flushes.
    public let budget: GuessBudget
    /// Time between flushes.
    public var interval: Duration { loop.interval }
    private let loop: BackgroundFlusher

    /// A flusher of `budget` into the database at `conninfo`; nothing is opened yet.
    public init(budget: GuessBudget, conninfo: String, interval: Duration = .milliseconds(500)) {
        self.budget = budget
        loop = BackgroundFlusher(name: "baton-guesses", conninfo: conninfo, interval: interval) { connection in
            try budget.flush(on: connection)
        }
    }

    /// Starts the flushing thread (once, and only when the budget limits
    /// anything; later calls do nothing).
    public func start() {
        guard budget.isEnabled else { return }
        loop.start()
    }

    /// Asks for a flush now (many failures are pending).
    public func wake() {
        loop.signal()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    public func stop() {
        loop.stop()
    }
}
