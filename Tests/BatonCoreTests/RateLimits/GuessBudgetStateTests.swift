import Foundation
import Testing

@testable import BatonCore

@Suite("GuessBudgetState", .timeLimit(.minutes(10)))
struct GuessBudgetStateTests {
    static let start = 1_800_000_000.0
    static let attacker = GuessBucket(clientAddress: "198.51.100.9")
    static let newcomer = GuessBucket(clientAddress: "203.0.113.4")

    /// A state with `global` failures allowed per hour in all and `client` per bucket.
    static func state(global: Int = 6, client: Int = 3) -> GuessBudgetState {
        GuessBudgetState(
            global: RateLimit(count: global, periodSeconds: 3600), client: RateLimit(count: client, periodSeconds: 3600),
            maxTracked: 1000)
    }

    /// `state`'s decision for `bucket`, its cluster count read as 0 (an empty table) when unconfirmed.
    static func refusal(_ state: inout GuessBudgetState, _ bucket: GuessBucket, now: Double = start) -> GuessBudget.Refusal? {
        var admission = state.admit(bucket, now: now)
        if admission == .unconfirmed {
            state.confirm(state.clientKey(bucket, now: now), count: 0)
            admission = state.admit(bucket, now: now)
        }
        guard case .refused(let refusal) = admission else { return nil }
        return refusal
    }

    @Test("one client is refused at its own limit, before it can spend the global budget")
    func clientFirst() {
        var state = Self.state()
        for _ in 0..<3 {
            #expect(Self.refusal(&state, Self.attacker, now: Self.start) == nil)
            _ = state.recordFailure(Self.attacker, now: Self.start)
        }
        let refusal = Self.refusal(&state, Self.attacker, now: Self.start + 600)
        #expect(refusal?.limitClass == .clientCodeFailures)
        #expect(refusal?.retryAfterSeconds == 3000)
        #expect(Self.refusal(&state, Self.newcomer, now: Self.start + 600) == nil)
    }

    @Test("a spent global budget refuses clients that failed, not a newcomer or a known-good client")
    func spentGlobal() {
        var state = Self.state()
        let good = GuessBucket(clientAddress: "192.0.2.1")
        state.recordSuccess(good, now: Self.start)
        _ = state.recordFailure(good, now: Self.start)
        for index in 0..<6 { _ = state.recordFailure(GuessBucket(clientAddress: "198.51.100.\(index)"), now: Self.start) }
        #expect(Self.refusal(&state, GuessBucket(clientAddress: "198.51.100.0"), now: Self.start)?.limitClass == .codeFailures)
        #expect(Self.refusal(&state, Self.newcomer, now: Self.start) == nil)
        #expect(Self.refusal(&state, good, now: Self.start) == nil)
    }

    @Test("an API key's bucket is refused at key_code_failures, in its own window, not at the per-client limit")
    func keyBuckets() {
        var state = GuessBudgetState(
            global: RateLimit(count: 100, periodSeconds: 3600), client: RateLimit(count: 2, periodSeconds: 3600),
            key: RateLimit(count: 5, periodSeconds: 86_400), maxTracked: 1000)
        let backend = GuessBucket(apiKeyID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)
        #expect(backend.text == "key:6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(backend.isAPIKey && !Self.attacker.isAPIKey)
        for _ in 0..<5 {
            #expect(Self.refusal(&state, backend) == nil)
            _ = state.recordFailure(backend, now: Self.start)
        }
        let refusal = Self.refusal(&state, backend, now: Self.start + 7200)
        #expect(refusal?.limitClass == .keyCodeFailures)
        #expect(refusal?.retryAfterSeconds == 86_400 - Int(Self.start.truncatingRemainder(dividingBy: 86_400)) - 7200)
        #expect(Self.refusal(&state, GuessBucket(apiKeyID: UUID()), now: Self.start + 7200) == nil)
    }

    @Test("an API key's failures count in its own bucket only, never in the global budget")
    func keysSpareTheGlobalBudget() {
        var state = GuessBudgetState(
            global: RateLimit(count: 2, periodSeconds: 3600), client: RateLimit(count: 10, periodSeconds: 3600),
            key: RateLimit(count: 10, periodSeconds: 3600), maxTracked: 1000)
        let keys = (0..<3).map { _ in GuessBucket(apiKeyID: UUID()) }
        for key in keys {
            for _ in 0..<3 {
                #expect(Self.refusal(&state, key) == nil)
                _ = state.recordFailure(key, now: Self.start)
            }
        }
        _ = state.recordFailure(Self.attacker, now: Self.start)
        #expect(Self.refusal(&state, Self.attacker) == nil)
        #expect(Self.refusal(&state, keys[0]) == nil)
        #expect(state.drain(now: Self.start).increments.filter { $0.key.bucket.hasPrefix("key:") }.map(\.count) == [3, 3, 3])
    }

    @Test("a spent global budget refills continuously: one refill interval after the drain stops, a client that failed gets through")
    func globalRefills() {
        var state = Self.state(global: 6, client: 3)
        for index in 0..<6 { _ = state.recordFailure(GuessBucket(clientAddress: "198.51.100.\(index)"), now: Self.start) }
        _ = state.recordFailure(Self.newcomer, now: Self.start)
        let refusal = Self.refusal(&state, Self.newcomer, now: Self.start + 1)
        #expect(refusal?.limitClass == .codeFailures)
        #expect((1...600).contains(refusal?.retryAfterSeconds ?? 0))
        #expect(Self.refusal(&state, Self.newcomer, now: Self.start + 600) == nil)
    }

    @Test("a window's end gives every bucket a fresh budget")
    func windowsEnd() {
        var state = Self.state(global: 1, client: 1)
        _ = state.recordFailure(Self.attacker, now: Self.start)
        #expect(Self.refusal(&state, Self.attacker, now: Self.start) != nil)
        #expect(Self.refusal(&state, Self.attacker, now: Self.start + 3600) == nil)
    }

    @Test("the cluster's totals from a flush count with what is still pending")
    func flushRoundTrip() {
        var state = Self.state()
        _ = state.recordFailure(Self.attacker, now: Self.start)
        let batch = state.drain(now: Self.start)
        #expect(batch.increments.map(\.count) == [1])
        #expect(batch.globalTaken == 1)
        _ = state.recordFailure(Self.attacker, now: Self.start)
        let clientKey = batch.increments[0].key
        state.apply(GuessBudgetTotals(counts: [clientKey: 2], globalTokens: 4), of: batch)
        #expect(state.count(clientKey) == 3)
        #expect(Self.refusal(&state, Self.attacker, now: Self.start)?.limitClass == .clientCodeFailures)
        #expect(state.drain(now: Self.start).globalTaken == 1)
    }

    @Test("the global bucket read back from a flush, less what failed since, refuses a client that failed until its next token")
    func globalFromFlush() {
        var state = Self.state(global: 6, client: 3)
        _ = state.recordFailure(Self.attacker, now: Self.start)
        let batch = state.drain(now: Self.start)
        _ = state.recordFailure(Self.attacker, now: Self.start)
        state.apply(GuessBudgetTotals(counts: [:], globalTokens: 1.5), of: batch)
        let refusal = Self.refusal(&state, Self.attacker, now: Self.start)
        #expect(refusal == GuessBudget.Refusal(limitClass: .codeFailures, retryAfterSeconds: 300))
        #expect(Self.refusal(&state, Self.attacker, now: Self.start + 301) == nil)
        #expect(Self.refusal(&state, Self.newcomer, now: Self.start) == nil)
    }

    @Test("a failed flush keeps its failures for the next one")
    func failedFlush() {
        var state = Self.state()
        _ = state.recordFailure(Self.attacker, now: Self.start)
        let first = state.drain(now: Self.start)
        state.restore()
        let second = state.drain(now: Self.start)
        #expect(Set(second.increments.map(\.key)) == Set(first.increments.map(\.key)))
        #expect(second.increments.map(\.count) == [1])
        #expect(second.globalTaken == 1)
    }

    @Test("a client first seen on this replica is unconfirmed until its cluster count is read, then read back at each flush")
    func confirmsFirst() {
        var state = Self.state()
        #expect(state.admit(Self.newcomer, now: Self.start) == .unconfirmed)
        state.confirm(state.clientKey(Self.newcomer, now: Self.start), count: 3)
        #expect(
            state.admit(Self.newcomer, now: Self.start)
                == .refused(GuessBudget.Refusal(limitClass: .clientCodeFailures, retryAfterSeconds: 3600)))
        #expect(state.drain(now: Self.start).reads.map(\.bucket) == [Self.newcomer.text])
    }

    @Test("held counts stay within the cap")
    func bounded() {
        var state = GuessBudgetState(global: RateLimit(count: 6, periodSeconds: 3600), client: nil, maxTracked: 10)
        for index in 0..<100 { _ = Self.refusal(&state, GuessBucket(clientAddress: "10.0.0.\(index)")) }
        let batch = state.drain(now: Self.start)
        state.apply(GuessBudgetTotals(counts: [:], globalTokens: nil), of: batch)
        #expect(state.cluster.count <= 10)
    }
}
