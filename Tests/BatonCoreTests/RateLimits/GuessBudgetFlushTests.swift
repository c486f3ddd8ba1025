import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@Suite("GuessBudget flush", .timeLimit(.minutes(10)))
struct GuessBudgetFlushTests {
    /// A manual clock at a fixed Unix time, shared by the "replicas".
    static func clock() -> RateLimiterTests.ManualClock {
        let clock = RateLimiterTests.ManualClock()
        clock.advance(1_800_000_000)
        return clock
    }

    static let policy = RateLimitPolicy(limits: [
        .codeFailures: RateLimit(count: 6, periodSeconds: 3600)!, .clientCodeFailures: RateLimit(count: 3, periodSeconds: 3600)!,
    ])
    static let attacker = GuessBucket(clientAddress: "198.51.100.9")

    /// The budgets of `count` replicas under ``policy``, sharing `clock`.
    static func replicas(_ count: Int, clock: RateLimiterTests.ManualClock) -> [GuessBudget] {
        (0..<count).map { _ in GuessBudget(policy: policy, clock: { clock.now }) }
    }

    @Test("a client's failures on one replica are refused on another after one flush of each, and at once on a replica that first sees it")
    func convergesInOneFlush() throws {
        let db = try MigratedDatabase()
        let clock = Self.clock()
        let budgets = Self.replicas(2, clock: clock)
        let (first, second) = (budgets[0], budgets[1])
        #expect(try second.admit(Self.attacker, withConnection: { try $0(db.connection) }) == nil)
        for _ in 0..<3 { first.recordFailure(Self.attacker) }
        #expect(try first.admit(Self.attacker, withConnection: { try $0(db.connection) })?.limitClass == .clientCodeFailures)
        #expect(try second.admit(Self.attacker, withConnection: { try $0(db.connection) }) == nil)
        #expect(try first.flush(on: db.connection) == 3)
        #expect(try second.admit(Self.attacker, withConnection: { try $0(db.connection) }) == nil)
        #expect(try second.flush(on: db.connection) == 0)
        #expect(try second.admit(Self.attacker, withConnection: { try $0(db.connection) })?.limitClass == .clientCodeFailures)
        let third = GuessBudget(policy: Self.policy, clock: { clock.now })
        #expect(try third.admit(Self.attacker, withConnection: { try $0(db.connection) })?.limitClass == .clientCodeFailures)
        clock.advance(3600)
        #expect(try second.flush(on: db.connection) == 0)
        #expect(try second.admit(Self.attacker, withConnection: { try $0(db.connection) }) == nil)
        #expect(try db.connection.query("SELECT count(*) FROM baton.guess_budget")[0].decode(Int.self, at: 0) == 0)
    }

    @Test("the global bucket drained on one replica refuses on another, refills continuously, and API keys never touch it")
    func globalBucketRefills() throws {
        let db = try MigratedDatabase()
        let clock = Self.clock()
        let budgets = Self.replicas(2, clock: clock)
        let (first, second) = (budgets[0], budgets[1])
        for index in 0..<3 { first.recordFailure(GuessBucket(apiKeyID: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)")!)) }
        try first.flush(on: db.connection)
        #expect(try db.connection.query("SELECT count(*) FROM baton.guess_budget_global")[0].decode(Int.self, at: 0) == 0)
        for index in 0..<6 { first.recordFailure(GuessBucket(clientAddress: "203.0.113.\(index)")) }
        try first.flush(on: db.connection)
        #expect(try db.connection.query("SELECT tokens FROM baton.guess_budget_global")[0].decode(Double.self, at: 0) == 0)
        let failed = GuessBucket(clientAddress: "203.0.113.0")
        try second.flush(on: db.connection)
        let refusal = try second.admit(failed, withConnection: { try $0(db.connection) })
        #expect(refusal?.limitClass == .codeFailures && refusal?.retryAfterSeconds == 600)
        clock.advance(601)
        try second.flush(on: db.connection)
        #expect(try second.admit(failed, withConnection: { try $0(db.connection) }) == nil)
        #expect(try db.connection.query("SELECT tokens FROM baton.guess_budget_global")[0].decode(Double.self, at: 0) == 0)
    }

    @Test("the global budget is one across replicas: failures on two of them spend it for both")
    func oneGlobalBudget() throws {
        let db = try MigratedDatabase()
        let clock = Self.clock()
        let replicas = Self.replicas(2, clock: clock)
        for index in 0..<6 { replicas[index % 2].recordFailure(GuessBucket(clientAddress: "203.0.113.\(index)")) }
        for replica in replicas { try replica.flush(on: db.connection) }
        for replica in replicas { try replica.flush(on: db.connection) }
        for replica in replicas {
            #expect(
                try replica.admit(GuessBucket(clientAddress: "203.0.113.0"), withConnection: { try $0(db.connection) })?.limitClass
                    == .codeFailures)
            #expect(try replica.admit(GuessBucket(clientAddress: "192.0.2.50"), withConnection: { try $0(db.connection) }) == nil)
        }
    }

    @Test("racing flushes of four replicas neither deadlock nor lose a failure")
    func racingFlushes() throws {
        let db = try MigratedDatabase()
        let policy = RateLimitPolicy(limits: [.codeFailures: RateLimit(count: 1_000_000, periodSeconds: 86_400)!])
        let errors = Mutex(0)
        let conninfo = db.conninfo
        let stopped = Self.clock()
        let done = (0..<4).map { _ in
            onThread {
                let replica = GuessBudget(policy: policy, clock: { stopped.now })
                do {
                    let connection = try PostgresConnection(conninfo)
                    defer { connection.close() }
                    for round in 0..<50 {
                        for client in 0..<5 { replica.recordFailure(GuessBucket(clientAddress: "10.0.\(client).\(round % 3)")) }
                        try replica.flush(on: connection)
                    }
                } catch {
                    errors.withLock { $0 += 1 }
                }
            }
        }
        for semaphore in done { semaphore.wait() }
        #expect(errors.withLock { $0 } == 0)
        let total = try db.connection.query("SELECT sum(count)::bigint FROM baton.guess_budget")[0].decode(Int.self, at: 0)
        #expect(total == 4 * 50 * 5)
        let tokens = try db.connection.query("SELECT tokens FROM baton.guess_budget_global")[0].decode(Double.self, at: 0)
        #expect(tokens == 1_000_000 - 4 * 50 * 5)
    }

    @Test("without a global budget a flush counts the client's failures and writes no global row")
    func withoutGlobalBudget() throws {
        let db = try MigratedDatabase()
        let budget = GuessBudget(policy: RateLimitPolicy(limits: [.clientCodeFailures: RateLimit(count: 1, periodSeconds: 3600)!]))
        budget.recordFailure(Self.attacker)
        #expect(try budget.flush(on: db.connection) == 1)
        #expect(try db.connection.query("SELECT count(*) FROM baton.guess_budget_global")[0].decode(Int.self, at: 0) == 0)
        #expect(try budget.admit(Self.attacker, withConnection: { try $0(db.connection) })?.limitClass == .clientCodeFailures)
    }

    @Test("a flush that fails keeps the failures, and the next one writes them")
    func failedFlushRetries() throws {
        let db = try MigratedDatabase()
        let budget = GuessBudget(policy: Self.policy)
        budget.recordFailure(Self.attacker)
        let closed = try PostgresConnection(db.conninfo)
        closed.close()
        #expect(throws: PostgresError.self) { try budget.flush(on: closed) }
        #expect(try budget.flush(on: db.connection) == 1)
        #expect(try db.connection.query("SELECT tokens FROM baton.guess_budget_global")[0].decode(Double.self, at: 0) == 5)
    }
}
