import Dispatch
import Foundation
import Synchronization

/// Waits for a termination signal so a command can shut down gracefully:
///
/// ```swift
/// let signals = SignalWaiter()          // before starting anything
/// let server = try Server(router: router, configuration: configuration)
/// let signal = signals.wait()           // blocks this thread
/// server.shutdown(grace: .seconds(10))
/// ```
///
/// On creation the signals' default action (terminate the process) is
/// replaced by `SIG_IGN`, and Dispatch signal sources observe them instead,
/// so the process survives to drain; they stay ignored after the waiter is
/// gone. Create one per process, early; a second waiter for the same signals
/// would race the first.
public final class SignalWaiter: @unchecked Sendable {
    // Unchecked only for `sources`: Dispatch sources are thread-safe but not
    // marked Sendable, and this class touches them only in init and deinit.
    private let sources: [any DispatchSourceSignal]
    private let received = Mutex<Int32?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Starts watching `signals` (SIGTERM and SIGINT by default).
    public init(signals: [Int32] = [SIGTERM, SIGINT]) {
        let queue = DispatchQueue(label: "baton.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        for (source, number) in zip(sources, signals) {
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Blocks the calling thread until one of the signals arrives, and
    /// returns its number. Later calls return the first signal at once.
    public func wait() -> Int32 {
        arrived.wait()
        arrived.signal()
        return received.withLock { $0 } ?? 0
    }

    private func deliver(_ number: Int32) {
        let first = received.withLock { value in
            defer { value = value ?? number }
            return value == nil
        }
        if first { arrived.signal() }
    }
}
