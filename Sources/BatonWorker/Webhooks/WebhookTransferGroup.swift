import Dispatch
import Synchronization

/// The transfers one posting thread sent together, handed back to it in
/// bunches as they finish: the loop thread adds each finished transfer's
/// index, and the posting thread takes every index added since it last
/// looked.
///
/// The semaphore is signalled only when the list goes from empty to not
/// empty, and every take empties it, so the posting thread wakes once per
/// bunch, not once per transfer: a loop turn that finishes thirty
/// transfers costs it one wake-up.
final class WebhookTransferGroup: Sendable {
    private let finished = Mutex<[Int]>([])
    private let arrived = DispatchSemaphore(value: 0)

    /// Transfer `index` finished (its response is set).
    func add(_ index: Int) {
        let first = finished.withLock { list in
            list.append(index)
            return list.count == 1
        }
        if first { arrived.signal() }
    }

    /// Waits until a transfer has finished, at most until `deadline`, and
    /// takes the indices of all that finished since the last call, in the
    /// order they finished; empty when the deadline passed first.
    func next(until deadline: DispatchTime) -> [Int] {
        guard arrived.wait(timeout: deadline) == .success else { return [] }
        return finished.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
