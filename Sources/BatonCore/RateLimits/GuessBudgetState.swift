/// One count of a ``GuessBudget``: a client's or an API key's bucket in one
/// fixed window, identified by the window's start in Unix seconds.
struct GuessWindowKey: Hashable, Sendable {
    let bucket: String
    let windowStart: Int64
}

/// Failures of one window not yet in the table.
struct GuessIncrement: Sendable, Equatable {
    let key: GuessWindowKey
    /// The window's end, Unix seconds.
    let windowEnd: Int64
    let count: Int
}

/// What one flush sends: increments to add, the failures to take from the
/// global bucket, and every count to read back.
struct GuessBudgetBatch: Sendable, Equatable {
    /// Counts not yet in the table.
    var increments: [GuessIncrement]
    /// Counts to read back (the increments' are read back too).
    var reads: [GuessWindowKey]
    /// Failures of anonymous clients since the last flush, to take from the
    /// global bucket (0 when there is no global budget).
    var globalTaken: Int
    /// The flush's time, Unix seconds: rows whose window ended before it are
    /// deleted, and the global bucket is refilled up to it.
    var now: Double
}

/// What a flush reads back.
struct GuessBudgetTotals: Sendable, Equatable {
    /// Every count the batch added or read; a key missing has no row (0).
    var counts: [GuessWindowKey: Int]
    /// The global bucket's tokens at the flush's time; nil when it has no
    /// row yet (full).
    var globalTokens: Double?
}

/// What ``GuessBudgetState/admit(_:now:)`` decides.
enum GuessAdmission: Sendable, Equatable {
    case allowed
    case refused(GuessBudget.Refusal)
    /// The client's cluster count has not been read on this replica yet.
    case unconfirmed
}

/// The pure decisions of a ``GuessBudget``, on an injected time: no lock, no
/// clock, no I/O, so every rule is unit-tested as a state machine.
///
/// A bucket's count is what the cluster had at the last flush plus this
/// replica's failures since (pending, or sent and not yet confirmed), in
/// fixed windows: the per-key period for API keys' buckets, the per-client
/// period for other buckets. The global budget is a token bucket instead
/// (capacity `global.count`, refilled continuously at `global.count` per
/// period): the cluster's tokens at the last flush, refilled since and
/// minus this replica's failures since, never below empty. So once guessing
/// stops, a token is back within one refill interval, whoever spent them.
/// API keys' failures never touch it.
struct GuessBudgetState: Sendable {
    /// `code_failures`: the global bucket of anonymous clients' failures.
    let global: RateLimit?
    /// `client_code_failures`: failures of one client bucket per window.
    let client: RateLimit?
    /// `key_code_failures`: failures of one API key's bucket per window.
    let key: RateLimit?
    /// The most client counts kept; past that the smallest are forgotten
    /// until their client is seen again (then read back at the next flush).
    let maxTracked: Int
    private(set) var cluster: [GuessWindowKey: Int] = [:]
    private var pending: [GuessWindowKey: Int] = [:]
    private var inFlight: [GuessWindowKey: Int] = [:]
    private var knownGood: [String: Int64] = [:]
    /// The global bucket as this replica sees it; nil (full) until the first
    /// failure or flush.
    private var globalBucket: TokenBucket?
    private var globalPending = 0
    private var globalInFlight = 0

    private let globalPeriod: Int64
    private let clientPeriod: Int64
    private let keyPeriod: Int64

    init(global: RateLimit?, client: RateLimit?, key: RateLimit? = nil, maxTracked: Int) {
        self.global = global
        self.client = client
        self.key = key
        self.maxTracked = max(1, maxTracked)
        globalPeriod = Int64(global?.periodSeconds ?? 3600)
        clientPeriod = client.map { Int64($0.periodSeconds) } ?? globalPeriod
        keyPeriod = key.map { Int64($0.periodSeconds) } ?? globalPeriod
    }

    /// Whether a code lookup by `bucket` may go on. The bucket's own
    /// failures are checked first (against `key` for an API key's bucket,
    /// else `client`), so one client is refused before it can spend the
    /// global budget; an API key is then allowed (its failures are its own).
    /// An empty global bucket refuses only clients that have failed in
    /// their window and have not found an invite in this or the previous
    /// global period, until its next token. A bucket whose cluster count
    /// this replica has not read yet is `unconfirmed`: read it
    /// (``confirm(_:count:)``) and ask again, so that a client cannot start
    /// afresh on each replica.
    mutating func admit(_ bucket: GuessBucket, now: Double) -> GuessAdmission {
        let own = clientKey(bucket, now: now)
        guard cluster[own] != nil else { return .unconfirmed }
        let ownFailures = count(own)
        let (limit, limitClass) = bucket.isAPIKey ? (self.key, RateLimitClass.keyCodeFailures) : (client, .clientCodeFailures)
        if let limit, ownFailures >= limit.count {
            return .refused(GuessBudget.Refusal(limitClass: limitClass, retryAfterSeconds: secondsLeft(own, now: now)))
        }
        guard let global, !bucket.isAPIKey, var tokens = globalBucket else { return .allowed }
        tokens.refill(global, now: now)
        globalBucket = tokens
        if tokens.tokens >= 1 || ownFailures == 0 || isKnownGood(bucket, now: now) { return .allowed }
        return .refused(GuessBudget.Refusal(limitClass: .codeFailures, retryAfterSeconds: tokens.secondsUntilToken(global)))
    }

    /// Takes the cluster's count of `key`, read on demand, unless a flush
    /// has brought one since.
    mutating func confirm(_ key: GuessWindowKey, count: Int) {
        if cluster[key] == nil { cluster[key] = count }
    }

    /// Counts a lookup by `bucket` that found no invite: in its own bucket,
    /// and, unless it is an API key's, in the global one.
    /// - Returns: how many failures wait for the next flush.
    mutating func recordFailure(_ bucket: GuessBucket, now: Double) -> Int {
        if let global, !bucket.isAPIKey {
            var tokens = globalBucket ?? TokenBucket(capacity: global.count, now: now)
            tokens.spend(1, global, now: now)
            globalBucket = tokens
            globalPending += 1
        }
        pending[clientKey(bucket, now: now), default: 0] += 1
        return pending.values.reduce(globalPending, +)
    }

    /// Marks `bucket` as having found an invite: an empty global bucket
    /// does not refuse it for the rest of this global period and the next.
    mutating func recordSuccess(_ bucket: GuessBucket, now: Double) {
        guard global != nil else { return }
        if knownGood.count >= maxTracked { pruneKnownGood(now: now) }
        guard knownGood.count < maxTracked || knownGood[bucket.text] != nil else { return }
        knownGood[bucket.text] = globalWindow(now: now)
    }

    /// The current count of `key`.
    func count(_ key: GuessWindowKey) -> Int {
        cluster[key, default: 0] + pending[key, default: 0] + inFlight[key, default: 0]
    }

    /// Takes the pending failures for a flush (they count as in flight
    /// until ``apply(_:of:)`` or ``restore()``) and lists what to read back.
    mutating func drain(now: Double) -> GuessBudgetBatch {
        prune(now: now)
        let increments = pending.map { GuessIncrement(key: $0.key, windowEnd: $0.key.windowStart + period(of: $0.key), count: $0.value) }
        inFlight.merge(pending, uniquingKeysWith: +)
        pending = [:]
        globalInFlight += globalPending
        globalPending = 0
        return GuessBudgetBatch(increments: increments, reads: Array(cluster.keys), globalTaken: globalInFlight, now: now)
    }

    /// Takes the cluster's totals after `batch` was flushed: every key the
    /// batch read or added gets its total (0 when the table has no row), and
    /// the global bucket is the cluster's at the flush less the failures
    /// recorded since.
    mutating func apply(_ totals: GuessBudgetTotals, of batch: GuessBudgetBatch) {
        inFlight = [:]
        globalInFlight = 0
        for key in batch.reads { cluster[key] = totals.counts[key, default: 0] }
        for increment in batch.increments { cluster[increment.key] = totals.counts[increment.key, default: 0] }
        if let global {
            var tokens = TokenBucket(tokens: totals.globalTokens ?? Double(global.count), now: batch.now)
            tokens.spend(globalPending, global, now: batch.now)
            globalBucket = tokens
        }
        trim()
    }

    /// Puts a failed flush's increments back, for the next one.
    mutating func restore() {
        pending.merge(inFlight, uniquingKeysWith: +)
        inFlight = [:]
        globalPending += globalInFlight
        globalInFlight = 0
    }

    /// The key of `bucket`'s count at `now`.
    func clientKey(_ bucket: GuessBucket, now: Double) -> GuessWindowKey {
        GuessWindowKey(bucket: bucket.text, windowStart: Self.windowStart(now, period: bucket.isAPIKey ? keyPeriod : clientPeriod))
    }

    /// The start of the global period holding `now`: known good lasts the
    /// rest of it and the next.
    private func globalWindow(now: Double) -> Int64 {
        Self.windowStart(now, period: globalPeriod)
    }

    private func period(of key: GuessWindowKey) -> Int64 {
        Self.period(of: key.bucket, client: clientPeriod, key: keyPeriod)
    }

    private static func period(of bucket: String, client: Int64, key: Int64) -> Int64 {
        bucket.hasPrefix(GuessBucket.apiKeyPrefix) ? key : client
    }

    private func isKnownGood(_ bucket: GuessBucket, now: Double) -> Bool {
        guard let window = knownGood[bucket.text] else { return false }
        return window >= globalWindow(now: now) - globalPeriod
    }

    private func secondsLeft(_ key: GuessWindowKey, now: Double) -> Int {
        max(1, Int((Double(key.windowStart + period(of: key)) - now).rounded(.up)))
    }

    private static func windowStart(_ now: Double, period: Int64) -> Int64 {
        Int64((now / Double(period)).rounded(.down)) * period
    }

    private mutating func prune(now: Double) {
        let (clientPeriod, keyPeriod) = (clientPeriod, keyPeriod)
        func live(_ key: GuessWindowKey) -> Bool {
            Double(key.windowStart + Self.period(of: key.bucket, client: clientPeriod, key: keyPeriod)) > now
        }
        cluster = cluster.filter { live($0.key) }
        pending = pending.filter { live($0.key) }
        inFlight = inFlight.filter { live($0.key) }
        pruneKnownGood(now: now)
    }

    private mutating func pruneKnownGood(now: Double) {
        let oldest = globalWindow(now: now) - globalPeriod
        knownGood = knownGood.filter { $0.value >= oldest }
    }

    private mutating func trim() {
        guard cluster.count > maxTracked else { return }
        let forgettable = cluster.sorted { $0.value < $1.value }
        for (key, _) in forgettable.prefix(cluster.count - maxTracked) { cluster[key] = nil }
    }
}
