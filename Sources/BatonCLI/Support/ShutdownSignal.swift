import Dispatch
import Foundation

/// Blocks the calling thread until the process receives SIGINT or SIGTERM.
///
/// The default handlers are replaced by dispatch sources, so the signal is
/// delivered as an event instead of killing the process, and `baton` can stop
/// its server and cluster cleanly before it exits.
enum ShutdownSignal {
    /// Waits for SIGINT or SIGTERM and returns the signal number received.
    static func wait() -> Int32 {
        let received = DispatchSemaphore(value: 0)
        let caught = LockedSignal()
        let queue = DispatchQueue(label: "baton.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                caught.set(number)
                received.signal()
            }
            source.resume()
            return source
        }
        received.wait()
        sources.forEach { $0.cancel() }
        return caught.value
    }
}

/// The signal number seen by the handler, handed to the waiting thread.
private final class LockedSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var number: Int32 = 0

    func set(_ value: Int32) { lock.withLock { number = value } }
    var value: Int32 { lock.withLock { number } }
}
