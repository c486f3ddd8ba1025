import Foundation

/// Repeated timing of two operations, as operations per second of one
/// thread's CPU time. The runs alternate so that load from other processes
/// falls on both alike.
struct ThreadCPUComparison {
    let seconds: Double
    let repetitions: Int

    /// Each operation's rate in every run.
    func compare(_ first: () -> Void, _ second: () -> Void) -> ([Double], [Double]) {
        var firstRates: [Double] = []
        var secondRates: [Double] = []
        for _ in 0..<repetitions {
            firstRates.append(rate(first))
            secondRates.append(rate(second))
        }
        return (firstRates, secondRates)
    }

    /// Operations per second of this thread's CPU time, so that other
    /// processes on a shared machine do not count against either side.
    private func rate(_ operation: () -> Void) -> Double {
        let start = Self.threadCPUNanoseconds()
        let deadline = start + UInt64(seconds * 1e9)
        var count = 0
        var now = start
        var batch = 16
        while now < deadline {
            for _ in 0..<batch { operation() }
            count += batch
            let batchStart = now
            now = Self.threadCPUNanoseconds()
            // Reading the clock is a system call of about a microsecond:
            // batches grow until it is under 1 % of a batch, so it does not
            // inflate the cost of sub-microsecond operations.
            if now - batchStart < 100_000 { batch *= 2 }
        }
        return Double(count) / (Double(now - start) / 1e9)
    }

    private static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
