/// One count of a ``GuessBudget``: a bucket (`*` for the global budget) in
/// one fixed window, identified by the window's start in Unix seconds.
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

/// What one flush sends: increments to add, and every count to read back.
struct GuessBudgetBatch: Sendable, Equatable {
    /// Counts not yet in the table.
    var increments: [GuessIncrement]
    /// Counts to read back (the increments' are read back too).
    var reads: [GuessWindowKey]
    /// The flush's time, Unix seconds: rows whose window ended before it are deleted.
    var now: Int64
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
/// A count is what the cluster had at the last flush plus this replica's
/// failures since (pending, or sent and not yet confirmed). Windows are
/// fixed: the global budget's period for `*`, the per-key period for API
/// keys' buckets, the per-client period for other buckets.
struct GuessBudgetState: Sendable {
    static let globalBucket = "*"

    /// `code_failures`: failures across all clients per window.
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
    /// global budget; a spent global budget
    /// refuses only clients that have failed in this window and have not
    /// found an invite in this or the previous global window. A bucket whose
    /// cluster count this replica has not read yet is `unconfirmed`: read it
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
        guard let global else { return .allowed }
        let key = globalKey(now: now)
        guard count(key) >= global.count else { return .allowed }
        if ownFailures == 0 || isKnownGood(bucket, now: now) { return .allowed }
        return .refused(GuessBudget.Refusal(limitClass: .codeFailures, retryAfterSeconds: secondsLeft(key, now: now)))
    }

    /// Takes the cluster's count of `key`, read on demand, unless a flush
    /// has brought one since.
    mutating func confirm(_ key: GuessWindowKey, count: Int) {
        if cluster[key] == nil { cluster[key] = count }
    }

    /// Counts a lookup by `bucket` that found no invite.
    /// - Returns: how many failures wait for the next flush.
    mutating func recordFailure(_ bucket: GuessBucket, now: Double) -> Int {
        if global != nil { pending[globalKey(now: now), default: 0] += 1 }
        pending[clientKey(bucket, now: now), default: 0] += 1
        return pending.values.reduce(0, +)
    }

    /// Marks `bucket` as having found an invite: a spent global budget does
    /// not refuse it for the rest of this global window and the next.
    mutating func recordSuccess(_ bucket: GuessBucket, now: Double) {
        guard global != nil else { return }
        if knownGood.count >= maxTracked { pruneKnownGood(now: now) }
        guard knownGood.count < maxTracked || knownGood[bucket.text] != nil else { return }
        knownGood[bucket.text] = globalKey(now: now).windowStart
    }

    /// The current count of `key`.
    func count(_ key: GuessWindowKey) -> Int {
        cluster[key, default: 0] + pending[key, default: 0] + inFlight[key, default: 0]
    }

    /// Takes the pending increments for a flush (they count as in flight
    /// until ``apply(_:of:)`` or ``restore()``) and lists what to read back.
    mutating func drain(now: Double) -> GuessBudgetBatch {
        prune(now: now)
        let increments = pending.map { GuessIncrement(key: $0.key, windowEnd: $0.key.windowStart + period(of: $0.key), count: $0.value) }
        inFlight.merge(pending, uniquingKeysWith: +)
        pending = [:]
        var reads = Set(cluster.keys)
        if global != nil { reads.insert(globalKey(now: now)) }
        return GuessBudgetBatch(increments: increments, reads: Array(reads), now: Int64(now.rounded(.down)))
    }

    /// Takes the cluster's totals after `batch` was flushed: every key the
    /// batch read or added gets its total (0 when the table has no row).
    mutating func apply(_ totals: [GuessWindowKey: Int], of batch: GuessBudgetBatch) {
        inFlight = [:]
        for key in batch.reads { cluster[key] = totals[key, default: 0] }
        for increment in batch.increments { cluster[increment.key] = totals[increment.key, default: 0] }
        trim()
    }

    /// Puts a failed flush's increments back, for the next one.
    mutating func restore() {
        pending.merge(inFlight, uniquingKeysWith: +)
        inFlight = [:]
    }

    /// The key of `bucket`'s count at `now`.
    func clientKey(_ bucket: GuessBucket, now: Double) -> GuessWindowKey {
        GuessWindowKey(bucket: bucket.text, windowStart: Self.windowStart(now, period: bucket.isAPIKey ? keyPeriod : clientPeriod))
    }

    private func globalKey(now: Double) -> GuessWindowKey {
        GuessWindowKey(bucket: Self.globalBucket, windowStart: Self.windowStart(now, period: globalPeriod))
    }

    private func period(of key: GuessWindowKey) -> Int64 {
        Self.period(of: key.bucket, global: globalPeriod, client: clientPeriod, key: keyPeriod)
    }

    private static func period(of bucket: String, global: Int64, client: Int64, key: Int64) -> Int64 {
        if bucket == globalBucket { return global }
        return bucket.hasPrefix(GuessBucket.apiKeyPrefix) ? key : client
    }

    private func isKnownGood(_ bucket: GuessBucket, now: Double) -> Bool {
        guard let window = knownGood[bucket.text] else { return false }
        return window >= globalKey(now: now).windowStart - globalPeriod
    }

    private func secondsLeft(_ key: GuessWindowKey, now: Double) -> Int {
        max(1, Int((Double(key.windowStart + period(of: key)) - now).rounded(.up)))
    }

    private static func windowStart(_ now: Double, period: Int64) -> Int64 {
        Int64((now / Double(period)).rounded(.down)) * period
    }

    private mutating func prune(now: Double) {
        let (globalPeriod, clientPeriod, keyPeriod) = (globalPeriod, clientPeriod, keyPeriod)
        func live(_ key: GuessWindowKey) -> Bool {
            Double(key.windowStart + Self.period(of: key.bucket, global: globalPeriod, client: clientPeriod, key: keyPeriod)) > now
        }
        cluster = cluster.filter { live($0.key) }
        pending = pending.filter { live($0.key) }
        inFlight = inFlight.filter { live($0.key) }
        pruneKnownGood(now: now)
    }

    private mutating func pruneKnownGood(now: Double) {
        let oldest = globalKey(now: now).windowStart - globalPeriod
        knownGood = knownGood.filter { $0.value >= oldest }
    }

    private mutating func trim() {
        guard cluster.count > maxTracked else { return }
        let forgettable = cluster.filter { $0.key.bucket != Self.globalBucket }.sorted { $0.value < $1.value }
        for (key, _) in forgettable.prefix(cluster.count - maxTracked) { cluster[key] = nil }
    }
}
