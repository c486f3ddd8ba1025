import Dispatch

/// A pooled connection as it moves between threads. Only the thread holding
/// the lease touches the connection inside, which makes the unchecked
/// `Sendable` sound.
final class PooledConnection: @unchecked Sendable {
    let connection: PostgresConnection
    /// When the connection was opened, for the pool's maximum lifetime.
    let openedAt = PoolInstant.now
    init(_ connection: PostgresConnection) { self.connection = connection }
}

/// The pool's bookkeeping: a pure state machine behind the pool's lock.
/// Its methods decide; the pool performs the I/O they call for after unlocking.
/// It never touches what it hands out (`Pooled`: a ``PooledConnection`` in
/// the pool, any value in its unit tests) and never reads the clock: the
/// pool passes `now` in.
struct PoolState<Pooled> {
    /// What a caller asking for a connection should do next.
    enum Acquire {
        case reuse(Pooled, idleSince: PoolInstant)
        case open
        case wait(id: Int, DispatchSemaphore)
        case closed
    }

    /// What a waiter was given when it was woken.
    enum Grant {
        case connection(Pooled, idleSince: PoolInstant)
        case openSlot
        case closed
    }

    private struct Idle {
        let pooled: Pooled
        let since: PoolInstant
    }

    private struct Waiter {
        let id: Int
        let semaphore: DispatchSemaphore
    }

    let maxConnections: Int
    private var idle: [Idle] = []
    private var waiters: [Waiter] = []
    private var grants: [Int: Grant] = [:]
    /// Slots handed out: connections in use plus connections being opened.
    private var leased = 0
    private var nextWaiterID = 0
    private var isClosed = false
    private(set) var totalOpened = 0
    private(set) var totalTimeouts = 0

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var statistics: PostgresPoolStatistics {
        PostgresPoolStatistics(
            inUse: leased, idle: idle.count, waiting: waiters.count,
            totalOpened: totalOpened, totalTimeouts: totalTimeouts, maxConnections: maxConnections
        )
    }

    /// Hands out the most recently used idle connection (its socket and the
    /// server's caches are warm), else a slot to open one, else a place at the
    /// back of the queue.
    mutating func acquire() -> Acquire {
        if isClosed { return .closed }
        if let last = idle.popLast() {
            leased += 1
            return .reuse(last.pooled, idleSince: last.since)
        }
        if leased < maxConnections {
            leased += 1
            return .open
        }
        nextWaiterID += 1
        let waiter = Waiter(id: nextWaiterID, semaphore: DispatchSemaphore(value: 0))
        waiters.append(waiter)
        return .wait(id: waiter.id, waiter.semaphore)
    }

    /// Takes back a slot: with its connection to keep, or nil when the
    /// connection was closed (or never opened). The first waiter, if any, gets
    /// it directly; the semaphore returned must be signalled after unlocking.
    mutating func release(_ pooled: Pooled?, now: PoolInstant) -> DispatchSemaphore? {
        if !waiters.isEmpty, !isClosed {
            let waiter = waiters.removeFirst()
            grants[waiter.id] = pooled.map { .connection($0, idleSince: now) } ?? .openSlot
            return waiter.semaphore
        }
        leased -= 1
        if let pooled, !isClosed { idle.append(Idle(pooled: pooled, since: now)) }
        return nil
    }

    /// Counts a successful connect.
    mutating func opened() { totalOpened += 1 }

    /// The grant of a woken waiter.
    mutating func takeGrant(id: Int) -> Grant {
        grants.removeValue(forKey: id) ?? .closed
    }

    /// A waiter whose timeout passed leaves the queue; nil means it timed out
    /// for real. A grant means it was served in the same instant and must
    /// still consume its semaphore's signal.
    mutating func abandon(id: Int) -> Grant? {
        if let index = waiters.firstIndex(where: { $0.id == id }) {
            waiters.remove(at: index)
            totalTimeouts += 1
            return nil
        }
        return takeGrant(id: id)
    }

    /// Empties the idle list, e.g. after a connection failure made every idle
    /// connection suspect. The caller closes what is returned.
    mutating func drainIdle() -> [Pooled] {
        defer { idle.removeAll() }
        return idle.map(\.pooled)
    }

    /// Refuses new callers; returns the idle connections to close and the
    /// waiters to wake (they get `.closed`).
    mutating func close() -> (idle: [Pooled], waiters: [DispatchSemaphore]) {
        isClosed = true
        let woken = waiters.map(\.semaphore)
        for waiter in waiters { grants[waiter.id] = .closed }
        waiters.removeAll()
        return (drainIdle(), woken)
    }
}
