import Foundation

/// The decisions of ``APIKeyUsage``, kept apart from its lock and thread so
/// they can be tested with an injected clock: which keys wait to be written,
/// and when each was last marked for writing.
struct APIKeyUsageMarks {
    /// The least time between two marks of one key.
    let interval: Duration
    /// Keys waiting to be written, with their latest use.
    private(set) var pending: [UUID: Date] = [:]
    /// When each key was last marked, for keys marked within ``interval``.
    private var marked: [UUID: ContinuousClock.Instant] = [:]

    init(interval: Duration) {
        self.interval = interval
    }

    /// Notes a use of `id` at `date`. A key marked within the interval only
    /// has a waiting write moved forward; otherwise it is marked anew.
    /// - Returns: whether a write became due, so the writer should wake.
    mutating func mark(_ id: UUID, at date: Date, now: ContinuousClock.Instant) -> Bool {
        if let last = marked[id], now - last < interval {
            if let waiting = pending[id], waiting < date { pending[id] = date }
            return false
        }
        marked[id] = now
        pending[id] = date
        return true
    }

    /// Takes the waiting writes and forgets marks older than the interval,
    /// so the state holds only keys used within the last interval.
    mutating func drain(now: ContinuousClock.Instant) -> [UUID: Date] {
        defer { pending = [:] }
        marked = marked.filter { now - $0.value < interval }
        return pending
    }

    /// Puts back writes that failed, keeping any later use marked meanwhile.
    mutating func restore(_ writes: [UUID: Date]) {
        pending.merge(writes) { max($0, $1) }
    }
}
