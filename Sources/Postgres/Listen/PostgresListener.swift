import BackgroundServices
import Foundation

/// Receives `NOTIFY`s on a connection of its own, on a thread of its own.
///
/// The thread sleeps in `poll()` on the socket (no timed polling of the
/// server) and calls `handler` for each event, on that thread. It is a
/// `BackgroundService` (docs/background-services.md): when the connection
/// drops it reconnects with backoff (100 ms doubling to `maxBackoff`, with
/// jitter) and `LISTEN`s again, then reports `.connected`: notifications
/// sent while it was away are lost, so a consumer such as the job queue
/// should look for missed work on every `.connected`.
/// A listener runs once: `start()`, later `stop()`.
public final class PostgresListener: Sendable {
    /// What the handler is told.
    public enum Event: Sendable, Equatable {
        /// Connected and listening: at start and after every reconnect.
        case connected
        /// A notification on one of the channels.
        case notification(PostgresNotification)
        /// The connection that reported `.connected` was lost (found when the
        /// server closed it, or at the latest by the `quietLimit` ping);
        /// notifications go missing until the next `.connected`. Not sent
        /// when the listener stops.
        case disconnected
    }

    private let service: BackgroundService<Listening>
    private let work: ServiceWork<Listening>

    /// A listener for `channels` (names as written, quoted by the listener).
    /// - Parameters:
    ///   - quietLimit: after this long without traffic the listener pings the
    ///     server, so a silently dead network is noticed.
    ///   - handler: called on the listener's thread, one event at a time;
    ///     it should return quickly. It may call `stop()`, which then returns
    ///     without waiting.
    public convenience init(
        conninfo: String, channels: [String], maxBackoff: Duration = .seconds(5),
        quietLimit: Duration = .seconds(30), handler: @escaping @Sendable (Event) -> Void
    ) {
        self.init(
            conninfo: conninfo, channels: channels, maxBackoff: maxBackoff, quietLimit: quietLimit,
            handler: handler, finished: {})
    }

    private init(
        conninfo: String, channels: [String], maxBackoff: Duration, quietLimit: Duration,
        handler: @escaping @Sendable (Event) -> Void, finished: @escaping @Sendable () -> Void
    ) {
        let listen = Listen(conninfo: conninfo, channels: channels, quietLimit: quietLimit, handler: handler)
        service = BackgroundService(name: "baton-listener", backoff: ServiceBackoff(first: .milliseconds(100), cap: maxBackoff))
        work = ServiceWork(
            report: { if case .stopped = $0 { finished() } },
            connect: listen.connect, turn: listen.turn, disconnect: { listening, _ in listening.connection.close() })
    }

    /// A listener whose events arrive on an `AsyncStream` (keeping the newest
    /// `buffer` events when the consumer falls behind). The stream finishes
    /// when the listener stops; ending the stream's iteration stops it.
    public static func makeStream(
        conninfo: String, channels: [String], buffer: Int = 10_000
    ) -> (listener: PostgresListener, events: AsyncStream<Event>) {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(buffer))
        let listener = PostgresListener(
            conninfo: conninfo, channels: channels, maxBackoff: .seconds(5), quietLimit: .seconds(30),
            handler: { continuation.yield($0) }, finished: { continuation.finish() })
        continuation.onTermination = { [weak listener] _ in listener?.service.requestStop() }
        return (listener, stream)
    }

    /// Starts the listener's thread. Later calls do nothing.
    public func start() {
        service.start(work)
    }

    /// Stops the listener and waits until its thread has closed the
    /// connection. Called on the listener's own thread, it returns at once.
    public func stop() {
        service.stop()
    }
}
