import Dispatch
import Synchronization

/// Wakes one waiting thread; signals sent while it is awake fold into one
/// wake-up, so a burst of finished jobs or notifications costs one loop turn.
final class WakeSignal: Sendable {
    private let pending = Mutex(false)
    private let semaphore = DispatchSemaphore(value: 0)

    /// Wakes the waiter (now, or at its next `wait`).
    func signal() {
        let first = pending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        if first { semaphore.signal() }
    }

    /// Sleeps until signalled or until `timeout` passes.
    func wait(_ timeout: Duration) {
        let nanoseconds = max(0, timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success {
            pending.withLock { $0 = false }
        }
    }
}
