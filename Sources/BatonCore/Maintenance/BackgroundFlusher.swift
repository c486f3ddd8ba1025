import BackgroundServices
import Foundation
import Postgres

/// Runs `flush` on a thread and a database connection of its own, at start,
/// every ``interval`` and at once after ``signal()``: how counters and marks
/// kept in memory reach the database off the request path. A failed flush
/// drops the connection and the ``BackgroundService`` reconnects with its
/// backoff; the flush decides what to keep for the next run. ``stop()``
/// flushes a last time, so a process that shuts down cleanly loses nothing.
public final class BackgroundFlusher: Sendable {
    /// Time between flushes.
    public let interval: Duration
    private let service: BackgroundService<PostgresConnection>
    private let work: ServiceWork<PostgresConnection>

    /// A flusher named `name` (its thread's name, at most 15 bytes) into the
    /// database at `conninfo`; nothing is opened until ``start()``.
    public init(name: String, conninfo: String, interval: Duration, flush: @escaping @Sendable (PostgresConnection) throws -> Void) {
        self.interval = interval
        service = BackgroundService(name: name, stopMode: .whenFinished(retries: 0))
        work = ServiceWork(
            connect: { try PostgresConnection(conninfo, connectTimeoutSeconds: 2) },
            turn: { connection, context in
                try flush(connection)
                return context.isStopping ? .finished : .wait(interval)
            },
            disconnect: { connection, _ in connection.close() })
    }

    /// Starts the thread (once; later calls do nothing).
    public func start() {
        service.start(work)
    }

    /// Makes the thread flush now rather than at the end of its interval.
    public func signal() {
        service.wake()
    }

    /// Flushes what is pending and stops the thread; later calls do nothing.
    public func stop() {
        service.stop()
    }
}
