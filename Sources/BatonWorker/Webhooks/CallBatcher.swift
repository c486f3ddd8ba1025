import Dispatch
import Synchronization

/// Joins calls made from many threads into batches: while one batch runs,
/// calls that arrive wait, and the next batch takes all of them at once.
///
/// The worker's runner threads each deliver one job, but what a delivery
/// writes to the database costs per statement and per commit (the commit's
/// WAL flush above all), not per row. A call that finds no batch running
/// runs one itself, on its own thread, holding just its input; a call that
/// finds one running queues and sleeps; when a batch ends, its runner hands
/// the results back and wakes the first queued caller, which runs the next
/// batch with everything queued by then. So one statement is in flight at
/// a time, and the batch grows with the load: alone, a call runs at once;
/// under load, a batch holds every call that arrived during the previous
/// one (at most ``limit``). No thread of its own, nothing on the
/// cooperative pool: blocking work (libpq) runs on the callers' threads.
final class CallBatcher<Input: Sendable, Output: Sendable>: Sendable {
    /// Runs a batch: one result per input, in order.
    typealias Run = @Sendable ([Input]) -> [Result<Output, any Error>]

    /// One waiting call. Its creator reads `result` only after `woken`
    /// signals, and the batch runner writes it only before signalling, so
    /// the semaphore orders the two: hence `@unchecked Sendable`.
    private final class Call: @unchecked Sendable {
        let input: Input
        let woken = DispatchSemaphore(value: 0)
        /// Set by the runner of the call's batch; nil when woken to run the next batch.
        var result: Result<Output, any Error>?

        init(_ input: Input) { self.input = input }
    }

    private struct State {
        var running = false
        var queued: [Call] = []

        /// Whether a new call runs a batch itself (none is running) or queues.
        mutating func arrive(_ call: Call) -> Bool {
            guard running else {
                running = true
                return true
            }
            queued.append(call)
            return false
        }

        /// The calls a batch led by `leader` takes: it and up to `limit - 1` queued.
        mutating func batch(leader: Call, limit: Int) -> [Call] {
            let taken = queued.prefix(limit - 1)
            queued.removeFirst(taken.count)
            return [leader] + taken
        }

        /// A batch ended: the queued call to run the next one, or nil (nothing waits).
        mutating func next() -> Call? {
            guard !queued.isEmpty else {
                running = false
                return nil
            }
            return queued.removeFirst()
        }
    }

    private let state = Mutex(State())
    private let run: Run
    /// The most calls one batch takes.
    let limit: Int

    /// A batcher running batches of at most `limit` calls with `run`.
    init(limit: Int, run: @escaping Run) {
        self.limit = max(1, limit)
        self.run = run
    }

    /// `input`'s result, from the batch it joined.
    func call(_ input: Input) -> Result<Output, any Error> {
        let call = Call(input)
        if !state.withLock({ $0.arrive(call) }) {
            call.woken.wait()
            if let result = call.result { return result }
        }
        let limit = self.limit
        let batch = state.withLock { $0.batch(leader: call, limit: limit) }
        let results = run(batch.map(\.input))
        precondition(results.count == batch.count, "a batch must give one result per call")
        for (member, result) in zip(batch, results) { member.result = result }
        let next = state.withLock { $0.next() }
        for member in batch.dropFirst() { member.woken.signal() }
        next?.woken.signal()
        return results[0]
    }
}
