import Foundation

/// Runs `body` on a thread of its own (never on Swift's cooperative pool:
/// libpq calls, sockets and locks block) and returns a semaphore signalled
/// when it ends.
@discardableResult
public func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done
}

/// Waits up to `seconds` for `condition`, checking every 10 ms; for states a
/// test cannot be notified of, such as a thread queued in the pool or a
/// webhook arriving. Returns whether it became true.
public func eventually(within seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try condition()
}
