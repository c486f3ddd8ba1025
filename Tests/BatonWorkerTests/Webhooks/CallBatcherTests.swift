import Foundation
import Synchronization
import Testing

@testable import BatonWorker

@Suite("Call batcher")
struct CallBatcherTests {
    struct Refused: Error, Equatable {}

    /// Runs `calls` calls from as many threads at once; returns each one's result by input.
    static func race(_ batcher: CallBatcher<Int, Int>, calls: Int) -> [Int: Result<Int, any Error>] {
        let results = Mutex<[Int: Result<Int, any Error>]>([:])
        let finished = DispatchGroup()
        for input in 0..<calls {
            finished.enter()
            Thread.detachNewThread {
                let result = batcher.call(input)
                results.withLock { $0[input] = result }
                finished.leave()
            }
        }
        finished.wait()
        return results.withLock { $0 }
    }

    @Test("calls racing from many threads each get their own result, and those arriving during a batch share the next one")
    func racingCallsShareBatches() throws {
        let batches = Mutex<[[Int]]>([])
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        let batcher = CallBatcher<Int, Int>(limit: 100) { inputs in
            if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
            Thread.sleep(forTimeInterval: 0.005)
            running.subtract(1, ordering: .sequentiallyConsistent)
            batches.withLock { $0.append(inputs) }
            return inputs.map { .success($0 * 10) }
        }
        let results = Self.race(batcher, calls: 64)
        #expect(results.count == 64)
        for (input, result) in results { #expect(try result.get() == input * 10) }
        let ran = batches.withLock { $0 }
        #expect(ran.flatMap { $0 }.sorted() == Array(0..<64), "every call ran exactly once")
        #expect(ran.count < 64 && ran.contains { $0.count > 1 })
        let wasOverlapped = overlapped.load(ordering: .relaxed)
        #expect(!wasOverlapped, "one batch runs at a time")
    }

    @Test("a batch never takes more than the limit, and a failed batch fails only its own calls")
    func limitAndFailures() throws {
        let sizes = Mutex<[Int]>([])
        let batcher = CallBatcher<Int, Int>(limit: 4) { inputs in
            sizes.withLock { $0.append(inputs.count) }
            Thread.sleep(forTimeInterval: 0.002)
            return inputs.map { $0.isMultiple(of: 2) ? .success($0) : .failure(Refused()) }
        }
        let results = Self.race(batcher, calls: 40)
        #expect(sizes.withLock { $0.max() ?? 0 } <= 4)
        for (input, result) in results {
            switch result {
            case .success(let value): #expect(input.isMultiple(of: 2) && value == input)
            case .failure(let error): #expect(!input.isMultiple(of: 2) && error as? Refused == Refused())
            }
        }
        #expect(try batcher.call(8).get() == 8, "a lone call runs at once, in a batch of its own")
    }
}
