import Dispatch
import Locking
import Testing

@Suite("SleepingLock", .timeLimit(.minutes(10)))
struct SleepingLockTests {
    @Test("32 threads adding to one value through the lock lose no update")
    func noLostUpdates() {
        let lock = SleepingLock(0)
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            for _ in 0..<10_000 {
                // A read, then a write: without mutual exclusion updates are lost.
                lock.withLock { value in
                    let read = value
                    value = read &+ 1
                }
            }
        }
        #expect(lock.withLock { $0 } == 320_000)
    }

    @Test("an error thrown inside releases the lock and reaches the caller with its type")
    func typedThrowReleases() {
        struct Refused: Error, Equatable {}
        let lock = SleepingLock([Int]())
        #expect(throws: Refused()) {
            try lock.withLock { (values: inout [Int]) throws(Refused) in
                values.append(1)
                throw Refused()
            }
        }
        #expect(lock.withLock { $0 } == [1], "the lock is free again and the change made before the throw stays")
    }
}
