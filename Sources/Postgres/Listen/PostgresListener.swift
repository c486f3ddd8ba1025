import Foundation
import Synchronization

/// Receives `NOTIFY`s on a connection of its own, on a thread of its own.
///
/// The thread sleeps in `poll()` on the socket (no timed polling of the
/// server) and calls `handler` for each event, on that thread. When the
/// connection drops it reconnects with exponential backoff (100 ms doubling to
/// `maxBackoff`, with jitter) and `LISTEN`s again, then reports `.connected`:
/// notifications sent while it was away are lost, so a consumer such as the
/// job queue should look for missed work on every `.connected`.
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

    private struct Lifecycle {
        var started = false
        var stopRequested = false
        var thread: pthread_t?
    }

    let conninfo: String
    let channels: [String]
    let maxBackoff: Duration
    let quietLimit: Duration
    let handler: @Sendable (Event) -> Void
    private let finished: @Sendable () -> Void
    private let lifecycle = Mutex(Lifecycle())
    private let stopped = DispatchSemaphore(value: 0)
    /// A pipe whose read end `poll()` watches, so `stop()` wakes the thread at once.
    let stopPipe: (read: Int32, write: Int32)

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
        self.conninfo = conninfo
        self.channels = channels
        self.maxBackoff = maxBackoff
        self.quietLimit = quietLimit
        self.handler = handler
        self.finished = finished
        var descriptors: [Int32] = [-1, -1]
        _ = pipe(&descriptors)
        stopPipe = (descriptors[0], descriptors[1])
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
        continuation.onTermination = { [weak listener] _ in listener?.requestStop() }
        return (listener, stream)
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Starts the listener's thread. Later calls do nothing.
    public func start() {
        let first = lifecycle.withLock { state in
            guard !state.started, !state.stopRequested else { return false }
            state.started = true
            return true
        }
        guard first else { return }
        let thread = Thread { [self] in
            lifecycle.withLock { $0.thread = pthread_self() }
            run()
            finished()
            stopped.signal()
        }
        thread.name = "baton-listener"
        thread.start()
    }

    /// Stops the listener and waits until its thread has closed the
    /// connection. Called on the listener's own thread, it returns at once.
    public func stop() {
        let (wasRunning, thread) = requestStopState()
        guard wasRunning else { return }
        if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
        stopped.wait()
        stopped.signal()
    }

    private func requestStop() { _ = requestStopState() }

    private func requestStopState() -> (wasRunning: Bool, thread: pthread_t?) {
        let (started, first, thread) = lifecycle.withLock { state in
            defer { state.stopRequested = true }
            return (state.started, !state.stopRequested, state.thread)
        }
        if first {
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
        }
        return (started, thread)
    }

    var isStopRequested: Bool {
        lifecycle.withLock { $0.stopRequested }
    }
}
