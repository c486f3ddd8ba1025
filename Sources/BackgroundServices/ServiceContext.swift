import Foundation
import Synchronization

/// What a ``BackgroundService``'s turn sees of the service: whether a stop
/// was asked (and by when it should be done), and waits that a wake-up or a
/// stop cut short. Once a stop was asked, waits of an
/// ``StopMode/afterCurrentTurn`` service return at once; those of a
/// ``StopMode/whenFinished(retries:)`` service sleep again after the one the
/// stop ended, so its final turns still wait for their timers and wake-ups.
///
/// Waits sleep in `poll()` on a pipe that ``BackgroundService/wake()`` and
/// a stop write to, so a turn can wait on a socket of its own at the same
/// time (``wait(_:watching:)``). Wake-ups sent while nobody waits fold into
/// one: the next wait returns at once, and only that one.
public final class ServiceContext: Sendable {
    private struct Flags {
        var woken = false
        var stopDeadline: ContinuousClock.Instant?
    }

    private let flags = Mutex(Flags())
    private let pipe: (read: Int32, write: Int32)
    private let waitsWhileStopping: Bool

    init(stopMode: StopMode) {
        waitsWhileStopping = stopMode != .afterCurrentTurn
        var descriptors: [Int32] = [-1, -1]
        _ = Foundation.pipe(&descriptors)
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        pipe = (descriptors[0], descriptors[1])
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }

    /// Whether a stop was asked.
    public var isStopping: Bool { flags.withLock { $0.stopDeadline != nil } }

    /// When the owner wants the service done: the instant of the stop
    /// request plus its grace; nil while no stop was asked.
    public var stopDeadline: ContinuousClock.Instant? { flags.withLock { $0.stopDeadline } }

    /// Sleeps for `timeout`, or until woken or stopped.
    public func wait(_ timeout: Duration) {
        _ = wait(timeout, watching: nil)
    }

    /// Sleeps for `timeout`, or until woken or stopped, or until `descriptor`
    /// is readable (or closed); returns whether it is.
    public func wait(_ timeout: Duration, watching descriptor: Int32?) -> Bool {
        if isStopping, !waitsWhileStopping { return false }
        var descriptors = [pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Self.milliseconds(timeout))
        if descriptors[0].revents != 0 {
            // Read before clearing the flag: a wake-up that lands in between
            // then leaves its byte for the next wait instead of being lost.
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(pipe.read, &bytes, bytes.count) > 0 {}
            flags.withLock { $0.woken = false }
        }
        return descriptors.count > 1 && descriptors[1].revents != 0
    }

    /// Ends the current or next wait; wake-ups before it fold into one.
    func wake() {
        let first = flags.withLock { flags in
            defer { flags.woken = true }
            return !flags.woken
        }
        if first { poke() }
    }

    /// Records the stop (the first request's deadline counts) and ends any wait.
    func requestStop(grace: Duration) {
        flags.withLock { flags in
            if flags.stopDeadline == nil { flags.stopDeadline = .now + grace }
        }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }

    /// `timeout` for `poll()`: whole milliseconds rounded up, so a short wait
    /// never becomes a busy loop, clamped to what `poll()` takes.
    static func milliseconds(_ timeout: Duration) -> Int32 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let whole = seconds.multipliedReportingOverflow(by: 1000)
        let rest = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return whole.overflow ? .max : Int32(clamping: whole.partialValue + rest)
    }
}
