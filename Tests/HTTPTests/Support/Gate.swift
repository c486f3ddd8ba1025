import Foundation
import HTTPTestSupport
import Synchronization

/// A counter that handlers bump on arrival and tests wait on, with a
/// deadline so a broken server fails the test instead of hanging it.
final class Gate: Sendable {
    private let arrived = Atomic<Int>(0)
    private let opened = Atomic<Bool>(false)

    /// Counts one arrival.
    func arrive() { arrived.add(1, ordering: .sequentiallyConsistent) }

    /// Lets every `waitUntilOpened` return.
    func open() { opened.store(true, ordering: .sequentiallyConsistent) }

    /// Whether `count` arrivals happened within `timeout`.
    func waitFor(arrivals count: Int, timeout: Duration = .seconds(5)) -> Bool {
        poll(timeout) { arrived.load(ordering: .sequentiallyConsistent) >= count }
    }

    /// Whether `open` was called within `timeout`.
    func waitUntilOpened(timeout: Duration = .seconds(5)) -> Bool {
        poll(timeout) { opened.load(ordering: .sequentiallyConsistent) }
    }

    private func poll(_ timeout: Duration, until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }
}

/// Runs `work` on a thread of its own (blocking socket calls stay off
/// Swift's cooperative pool) and hands back its result later.
final class Background<Result: Sendable>: Sendable {
    private let result = Mutex<Swift.Result<Result, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Result) {
        Thread.detachNewThread {
            let outcome = Swift.Result { try work() }
            self.result.withLock { $0 = outcome }
            self.done.signal()
        }
    }

    /// The result, waiting up to `timeout`.
    func value(timeout: Duration = .seconds(10)) throws -> Result {
        guard done.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) == .success else {
            throw RawConnection.Failure(description: "timed out")
        }
        done.signal()
        let outcome = result.withLock { $0 }
        return try outcome!.get()
    }
}
