import Postgres

extension APIKeyCache {
    /// The cache's state behind its lock: a plain value whose methods do no
    /// I/O and no hashing, so the lock is held for a few instructions.
    struct Entries {
        /// A cached row and when it was read.
        private struct Entry {
            var stored: APIKeyStore.StoredKey
            var fetchedAt: ContinuousClock.Instant
        }

        /// What a lookup found: a fresh row, and the generation a read made
        /// now would be cached under (nil while not listening: don't cache);
        /// while a connect is unproven, the probe this request should send.
        struct Lookup {
            var stored: APIKeyStore.StoredKey?
            var generation: UInt64?
            var probe: String?
        }

        /// A payload no public id can equal (those are 12 hex digits).
        static let probePrefix = "probe-"
        /// An unanswered probe is sent again after this long, by a request.
        static let probeInterval = Duration.seconds(1)

        private var entries: [String: Entry] = [:]
        /// Insertions, oldest first from `evicted`, for evicting the entry
        /// that would expire first. Holds stale items (entries since dropped
        /// or read again), recognised by their `fetchedAt`, until compacted.
        private var insertions: [(publicID: String, fetchedAt: ContinuousClock.Instant)] = []
        private var evicted = 0
        /// Bumped by every change of what may be trusted (a notification, a
        /// connect, a disconnect), so a read begun before one is not cached.
        private var generation: UInt64 = 0
        /// After a connect, the payload whose arrival proves that
        /// notifications reach the listener (through PgBouncer's transaction
        /// mode they do not), and when a request last sent it.
        private var probe: (payload: String, sentAt: ContinuousClock.Instant?)?
        var statistics = Statistics()

        /// How many keys are cached.
        var count: Int { entries.count }
        /// How many insertions are remembered for eviction; bounded by `compact()`.
        var bookkeepingCount: Int { insertions.count }

        /// The fresh cached row of `publicID`, if listening.
        mutating func lookup(_ publicID: String, now: ContinuousClock.Instant, maxAge: Duration) -> Lookup {
            statistics.lookups += 1
            guard statistics.isListening else { return Lookup(stored: nil, generation: nil, probe: probeDue(now: now)) }
            guard let entry = entries[publicID] else { return Lookup(stored: nil, generation: generation) }
            guard now - entry.fetchedAt < maxAge else {
                entries[publicID] = nil
                return Lookup(stored: nil, generation: generation)
            }
            return Lookup(stored: entry.stored, generation: generation)
        }

        /// Caches `stored` unless anything was invalidated since the lookup
        /// that returned `generation`; makes room by evicting the oldest.
        mutating func insert(_ stored: APIKeyStore.StoredKey, fetchedAt: ContinuousClock.Instant, ifStill generation: UInt64, capacity: Int)
        {
            guard generation == self.generation else { return }
            let publicID = stored.record.publicID
            if entries[publicID] == nil {
                while entries.count >= capacity, evictOldest() {}
            }
            entries[publicID] = Entry(stored: stored, fetchedAt: fetchedAt)
            insertions.append((publicID, fetchedAt))
            if insertions.count > 2 * entries.count + 64 { compact() }
        }

        /// Applies a listener event: a notification drops its key (or every
        /// key, for an empty payload); a connect or disconnect drops every
        /// key and stops answering; our probe's return starts answering.
        mutating func apply(_ event: PostgresListener.Event) {
            switch event {
            case .connected, .disconnected:
                generation &+= 1
                removeAll()
                statistics.isListening = false
                probe = event == .connected ? (Self.probePrefix + String(UInt64.random(in: .min ... .max), radix: 16), nil) : nil
            case .notification(let notification) where notification.payload.hasPrefix(Self.probePrefix):
                // Other servers' probes arrive too; only ours proves anything.
                guard notification.payload == probe?.payload else { return }
                probe = nil
                statistics.isListening = true
            case .notification(let notification):
                generation &+= 1
                statistics.notifications += 1
                if notification.payload.isEmpty { removeAll() } else { entries[notification.payload] = nil }
            }
        }

        /// Our probe's payload when it is unanswered and due to be (re)sent.
        private mutating func probeDue(now: ContinuousClock.Instant) -> String? {
            guard let pending = probe, pending.sentAt.map({ now - $0 >= Self.probeInterval }) ?? true else { return nil }
            probe?.sentAt = now
            return pending.payload
        }

        private mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
            insertions.removeAll(keepingCapacity: true)
            evicted = 0
        }

        /// Drops the live entry inserted longest ago; false when none is left.
        private mutating func evictOldest() -> Bool {
            while evicted < insertions.count {
                let (publicID, fetchedAt) = insertions[evicted]
                evicted += 1
                if entries[publicID]?.fetchedAt == fetchedAt {
                    entries[publicID] = nil
                    return true
                }
            }
            return false
        }

        /// Keeps only the insertions that are still entries, in order: at
        /// most twice the entries plus a little, so its memory is bounded.
        private mutating func compact() {
            insertions = insertions[evicted...].filter { entries[$0.publicID]?.fetchedAt == $0.fetchedAt }
            evicted = 0
        }
    }
}
