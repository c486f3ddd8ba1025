import Foundation
import Locking
import Postgres

/// The budget of failed typed-code lookups, per client bucket and API key
/// in fixed windows (`baton.guess_budget`), and for all anonymous clients
/// together in one token bucket that refills continuously
/// (`baton.guess_budget_global`), so that every replica enforces the same
/// totals (docs/redemption.md, "The failure budget"). API keys' failures
/// count in their own buckets only: a key is authenticated and revocable,
/// so it never spends the budget of the anonymous clients.
///
/// Requests write nothing here: ``admit(_:withConnection:)`` and the
/// record calls work on in-memory counts behind one lock (a client's first
/// lookup on a replica in a window also reads its count), and
/// ``flush(on:)`` (run by a ``GuessBudgetFlusher``) adds this replica's
/// failures and reads the cluster's totals back in one statement. A replica
/// therefore sees the others' failures one flush interval late.
public final class GuessBudget: Sendable {
    /// Why a lookup was refused.
    public struct Refusal: Sendable, Equatable {
        /// `client_code_failures`, `key_code_failures` or `code_failures`.
        public let limitClass: RateLimitClass
        /// Whole seconds (at least 1) until the bucket's spent window ends,
        /// or, for `code_failures`, until the global bucket has a token
        /// again: at most one refill interval, the period over the count.
        public let retryAfterSeconds: Int
    }

    /// Pending failures that make ``recordFailure(_:)`` ask for an early flush.
    public static let flushThreshold = 64

    /// Whether anything is limited (the policy has `code_failures`,
    /// `client_code_failures` or `key_code_failures`); when not, nothing is
    /// counted or flushed.
    public let isEnabled: Bool
    /// `code_failures`, which the flush refills the global bucket by.
    private let global: RateLimit?
    private let state: SleepingLock<GuessBudgetState>
    private let clock: @Sendable () -> Double

    /// A budget enforcing `policy`'s `code_failures`, `client_code_failures`
    /// and `key_code_failures`.
    /// - Parameters:
    ///   - maxTrackedBuckets: the most client counts held in memory.
    ///   - clock: Unix seconds (windows are aligned to wall-clock time, so
    ///     replicas agree on them); injectable for tests.
    public init(
        policy: RateLimitPolicy?, maxTrackedBuckets: Int = 100_000,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        let global = policy?.limits[.codeFailures]
        let client = policy?.limits[.clientCodeFailures]
        let key = policy?.limits[.keyCodeFailures]
        isEnabled = global != nil || client != nil || key != nil
        self.global = global
        state = SleepingLock(GuessBudgetState(global: global, client: client, key: key, maxTracked: maxTrackedBuckets))
        self.clock = clock
    }

    /// Whether a typed-code lookup by `bucket` may go on; takes nothing. The first time
    /// this replica sees `bucket` in a window it reads the bucket's count
    /// (one primary-key lookup) through `withConnection`, so that a client
    /// cannot start afresh on each replica; later flushes keep it current.
    /// - Returns: nil when allowed, else why not.
    /// - Throws: what `withConnection` throws; nothing is counted then.
    public func admit(
        _ bucket: GuessBucket, withConnection: (_ body: (PostgresConnection) throws -> Void) throws -> Void
    ) throws -> Refusal? {
        guard isEnabled else { return nil }
        var admission = state.withLock { $0.admit(bucket, now: clock()) }
        if admission == .unconfirmed {
            let key = state.withLock { $0.clientKey(bucket, now: clock()) }
            var count = 0
            try withConnection { connection in
                let rows = try connection.query(Self.readStatement, [key.bucket, key.windowStart])
                count = try rows.first?.decode(Int.self, "count") ?? 0
            }
            admission = state.withLock { state in
                state.confirm(key, count: count)
                return state.admit(bucket, now: clock())
            }
        }
        guard case .refused(let refusal) = admission else { return nil }
        return refusal
    }

    /// Counts a typed-code lookup by `bucket` that found no invite.
    /// - Returns: true when enough failures are pending that the flusher
    ///   should run now rather than at its next interval.
    @discardableResult
    public func recordFailure(_ bucket: GuessBucket) -> Bool {
        guard isEnabled else { return false }
        let now = clock()
        return state.withLock { $0.recordFailure(bucket, now: now) } >= Self.flushThreshold
    }

    /// Notes that `bucket` found an invite by typed code: an empty global
    /// bucket does not refuse it in this global period and the next.
    public func recordSuccess(_ bucket: GuessBucket) {
        guard isEnabled else { return }
        let now = clock()
        state.withLock { $0.recordSuccess(bucket, now: now) }
    }

    /// Adds the pending failures to `baton.guess_budget`, takes the
    /// anonymous ones from the global bucket, and reads back the cluster's
    /// totals of every count this replica holds and the global bucket's
    /// tokens, in one statement; deletes rows whose window has ended.
    /// - Returns: the number of failures written.
    /// - Throws: `PostgresError`; the failures then wait for the next flush.
    @discardableResult
    public func flush(on connection: PostgresConnection) throws(PostgresError) -> Int {
        guard isEnabled else { return 0 }
        let batch = state.withLock { $0.drain(now: clock()) }
        let totals: GuessBudgetTotals
        do {
            totals = try Self.exchange(batch, global: global, on: connection)
        } catch {
            state.withLock { $0.restore() }
            throw error
        }
        state.withLock { $0.apply(totals, of: batch) }
        return batch.increments.reduce(0) { $0 + $1.count }
    }
}
