import Dispatch
import Testing

@testable import Postgres

/// The pool's state machine alone, with placeholder connections and a clock
/// the test moves: orders of events a real server cannot be made to produce
/// on demand.
@Suite("PoolState", .timeLimit(.minutes(10)))
struct PoolStateTests {
    /// Stands in for a pooled connection: the state machine never looks inside.
    final class Connection {
        let name: String
        init(_ name: String) { self.name = name }
    }

    typealias State = PoolState<Connection>

    /// An instant `milliseconds` after the test's origin.
    static func at(_ milliseconds: Int64) -> PoolInstant { PoolInstant(nanoseconds: milliseconds * 1_000_000) }

    /// The connection a caller asking now would get, or nil for any other answer.
    static func reused(_ acquire: State.Acquire) -> (Connection, idleSince: PoolInstant)? {
        if case .reuse(let connection, let since) = acquire { (connection, since) } else { nil }
    }

    /// The waiter an acquire queued, or nil for any other answer.
    static func waiter(_ acquire: State.Acquire) -> (id: Int, semaphore: DispatchSemaphore)? {
        if case .wait(let id, let semaphore) = acquire { (id, semaphore) } else { nil }
    }

    /// A pool of one connection, handed out, and a caller waiting for it.
    static func oneWaiting() throws -> (State, waiter: (id: Int, semaphore: DispatchSemaphore)) {
        var state = State(maxConnections: 1)
        _ = state.acquire()
        let queued = waiter(state.acquire())
        return (state, try #require(queued))
    }

    @Test(
        "slots open up to the maximum, then callers wait; a connection given back goes to the first waiter, stamped with the release time")
    func waitersAreServedInOrder() throws {
        var state = State(maxConnections: 2)
        guard case .open = state.acquire(), case .open = state.acquire() else {
            Issue.record("expected two slots")
            return
        }
        let firstAnswer = Self.waiter(state.acquire())
        let first = try #require(firstAnswer)
        let secondAnswer = Self.waiter(state.acquire())
        let second = try #require(secondAnswer)
        #expect(state.statistics.waiting == 2)

        let connection = Connection("a")
        let wokenAnswer = state.release(connection, now: Self.at(1_000))
        let woken = try #require(wokenAnswer)
        #expect(woken === first.semaphore)
        guard case .connection(let granted, let since) = state.takeGrant(id: first.id) else {
            Issue.record("expected a grant")
            return
        }
        #expect(granted === connection)
        #expect(since.nanoseconds == Self.at(1_000).nanoseconds)

        let woken1 = state.release(nil, now: Self.at(1_500))
        #expect(woken1 === second.semaphore)
        guard case .openSlot = state.takeGrant(id: second.id) else {
            Issue.record("a closed connection's slot is passed on")
            return
        }
        #expect(state.statistics.inUse == 2)
        #expect(state.statistics.waiting == 0)
    }

    @Test("the most recently returned idle connection goes out first, with the time it went idle")
    func lastInFirstOut() throws {
        var state = State(maxConnections: 2)
        _ = state.acquire()
        _ = state.acquire()
        let (a, b) = (Connection("a"), Connection("b"))
        let woken2 = state.release(a, now: Self.at(10))
        #expect(woken2 == nil)
        let woken3 = state.release(b, now: Self.at(20))
        #expect(woken3 == nil)
        let warmAnswer = Self.reused(state.acquire())
        let warm = try #require(warmAnswer)
        #expect(warm.0 === b)
        #expect(warm.idleSince.nanoseconds(since: Self.at(10)) == 10_000_000)
        let coldAnswer = Self.reused(state.acquire())
        let cold = try #require(coldAnswer)
        #expect(cold.0 === a)
    }

    @Test("a wait that times out just as a connection is granted keeps the connection, and nothing counts as a timeout")
    func timeoutRacingAGrant() throws {
        let (full, waiter) = try Self.oneWaiting()
        var state = full
        // The releaser hands the connection over; before the waiter's
        // semaphore wait sees the signal, its timeout fires.
        let connection = Connection("a")
        let wokenAnswer = state.release(connection, now: Self.at(5))
        let woken = try #require(wokenAnswer)
        let grantAnswer = state.abandon(id: waiter.id)
        let grant = try #require(grantAnswer)
        guard case .connection(let granted, _) = grant else {
            Issue.record("expected the connection")
            return
        }
        #expect(granted === connection)
        #expect(woken === waiter.semaphore)
        #expect(state.statistics.totalTimeouts == 0)
        #expect(state.statistics.inUse == 1)
        // The caller uses it and gives it back: the pool is whole again.
        let woken4 = state.release(granted, now: Self.at(9))
        #expect(woken4 == nil)
        #expect(
            state.statistics == PostgresPoolStatistics(inUse: 0, idle: 1, waiting: 0, totalOpened: 0, totalTimeouts: 0, maxConnections: 1))
    }

    @Test("a wait that times out before any grant leaves the queue and counts, and the next release skips it")
    func plainTimeout() throws {
        let (full, gone) = try Self.oneWaiting()
        var state = full
        let nextAnswer = Self.waiter(state.acquire())
        let next = try #require(nextAnswer)
        let grant5 = state.abandon(id: gone.id)
        #expect(grant5 == nil)
        #expect(state.statistics.totalTimeouts == 1)
        let woken6 = state.release(Connection("a"), now: Self.at(1))
        #expect(woken6 === next.semaphore)
    }

    @Test("closing hands back idle connections, refuses new callers and keeps none returned later")
    func closingWithIdle() throws {
        var state = State(maxConnections: 2)
        _ = state.acquire()
        _ = state.acquire()
        let woken7 = state.release(Connection("idle"), now: Self.at(1))
        #expect(woken7 == nil)
        let closed = state.close()
        #expect(closed.idle.map(\.name) == ["idle"])
        #expect(closed.waiters.isEmpty)
        guard case .closed = state.acquire() else {
            Issue.record("new callers are refused")
            return
        }
        let woken8 = state.release(Connection("late"), now: Self.at(2))
        #expect(woken8 == nil)
        #expect(state.statistics.idle == 0)
    }

    @Test("closing wakes every waiter with closed")
    func closingWithWaiters() throws {
        let (full, waiter) = try Self.oneWaiting()
        var state = full
        let closed = state.close()
        #expect(closed.waiters.count == 1 && closed.waiters[0] === waiter.semaphore)
        guard case .closed = state.takeGrant(id: waiter.id) else {
            Issue.record("a woken waiter learns the pool closed")
            return
        }
    }
}
