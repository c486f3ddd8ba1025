import Foundation
import Postgres
import Synchronization

/// Runs `flush` on a thread and a database connection of its own, every
/// ``interval`` and at once after ``signal()``: how counters and marks kept
/// in memory reach the database off the request path. A failed flush drops
/// the connection (the next one reconnects); the flush decides what to keep
/// for the next run. ``stop()`` flushes a last time, so a process that shuts
/// down cleanly loses nothing.
final class BackgroundFlusher: Sendable {
    /// Time between flushes.
    let interval: Duration
    private let name: String
    private let conninfo: String
    private let flush: @Sendable (PostgresConnection) throws -> Void
    private let wake = WakeSignal()
    private let phase = Mutex(Phase.idle)
    private let finished = DispatchSemaphore(value: 0)

    /// A flusher named `name` (its thread's name) into the database at
    /// `conninfo`; nothing is opened until ``start()``.
    init(name: String, conninfo: String, interval: Duration, flush: @escaping @Sendable (PostgresConnection) throws -> Void) {
        self.name = name
        self.conninfo = conninfo
        self.interval = interval
        self.flush = flush
    }

    /// Starts the thread (once; later calls do nothing).
    func start() {
        let begins = phase.withLock { phase in
            guard phase == .idle else { return false }
            phase = .running
            return true
        }
        guard begins else { return }
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Makes the thread flush now rather than at the end of its interval.
    func signal() {
        wake.signal()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    func stop() {
        let wasRunning = phase.withLock { phase in
            defer { phase = .stopped }
            return phase == .running
        }
        if wasRunning {
            wake.signal()
            finished.wait()
        }
    }

    private func run() {
        var connection: PostgresConnection?
        while true {
            wake.wait(interval)
            let stopping = phase.withLock { $0 == .stopped }
            do {
                let open = try connection ?? PostgresConnection(conninfo, connectTimeoutSeconds: 2)
                connection = open
                try flush(open)
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
