import BackgroundServices
import Foundation
import Locking
import Postgres

/// The API keys this process has authenticated, kept in memory so that a
/// live key costs no database round trip.
///
/// Reading a key's row was one extra round trip and the largest share of an
/// API-key request's CPU (docs/api-keys.md has the profile). A hit still
/// computes the keyed hash of the presented text and compares it in constant
/// time with the cached row's hash: the cache holds rows, never "this text
/// is valid". Only successes are cached; an unknown, wrong or revoked key
/// (and a wrong text for a cached key) is read from the database as before.
///
/// Revocation guarantee: migration 0008 announces every change or deletion
/// of a key on ``channel`` at commit, and the cache's listener drops that
/// key's entry when the notification arrives (milliseconds). The cache is
/// trusted only while that listener is connected and has proven it hears
/// the channel: after each `.connected` a request sends a probe
/// notification through the pool, and only its arrival turns the cache on
/// (through PgBouncer's transaction mode it never arrives, and the cache
/// stays off). Before that, after `.disconnected` and after ``stop()`` every
/// request reads the database, and every (re)connect empties the cache, so a
/// notification missed while away cannot keep a revoked key alive. A read
/// that was in flight when any change was announced is not cached. The only
/// remaining window is a connection lost without the listener noticing (a
/// network that drops packets silently): ``maxAge`` bounds it, since an
/// entry older than that is read again.
public final class APIKeyCache: LifecycleService {
    /// The `NOTIFY` channel of key changes; the payload is the key's public
    /// id, or empty for "every key" (a `TRUNCATE`).
    public static let channel = "baton_api_keys"

    /// How requests were answered since the cache was made.
    public struct Statistics: Sendable, Equatable {
        /// Well-formed keys presented.
        public var lookups = 0
        /// Rows read from the database: misses, stale entries, a wrong text
        /// for a cached key, and every request while not listening.
        public var reads = 0
        /// Notifications of changed keys received.
        public var notifications = 0
        /// Whether the listener is connected and its probe came back, so
        /// that hits are possible.
        public var isListening = false

        /// Lookups answered from memory.
        public var hits: Int { lookups - reads }
    }

    /// The store that reads rows and compares hashes.
    public let store: APIKeyStore
    /// At most this many keys are cached; past it the longest-cached goes.
    public let capacity: Int
    /// An entry older than this is read again, listener or not.
    public let maxAge: Duration
    private let state: SleepingLock<Entries>
    private let listener: PostgresListener?

    /// A cache in front of `store`, listening for key changes on a connection
    /// of its own to `conninfo` once ``start()`` is called; with a nil
    /// `conninfo` it never listens, and so never answers from memory.
    public init(store: APIKeyStore, conninfo: String?, capacity: Int = 10_000, maxAge: Duration = .seconds(60)) {
        self.store = store
        self.capacity = max(1, capacity)
        self.maxAge = maxAge
        let state = SleepingLock(Entries())
        self.state = state
        self.listener = conninfo.map { conninfo in
            PostgresListener(conninfo: conninfo, channels: [Self.channel]) { event in
                state.withLock { $0.apply(event) }
            }
        }
    }

    /// Starts listening; the cache answers from memory once connected and
    /// its probe (sent by the next request that reads a row) has come back.
    /// Later calls do nothing.
    public func start() {
        listener?.start()
    }

    /// Stops listening and empties the cache; every later request reads the
    /// database. Waits until the listener's connection is closed.
    public func stop() {
        listener?.stop()
        state.withLock { $0.apply(.disconnected) }
    }

    /// How requests were answered so far.
    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// The live key whose text is `presented`, from memory when its row is
    /// cached and fresh and the hash matches, otherwise from its row, read
    /// by `withConnection` (which runs its body on a database connection,
    /// outside a transaction: a probe sent there must go out at once).
    /// Hashing and the read happen outside the lock.
    /// - Throws: `APIKeyError.malformed`, `.invalid` (one answer for an
    ///   unknown, wrong or revoked key), or what `withConnection` throws.
    public func authenticate(
        _ presented: String,
        withConnection: ((PostgresConnection) throws -> APIKeyStore.StoredKey?) throws -> APIKeyStore.StoredKey?
    ) throws -> APIKeyStore.Record {
        let key = try APIKey(parsing: presented)
        let now = ContinuousClock.now
        let cached = state.withLock { $0.lookup(key.publicID, now: now, maxAge: maxAge) }
        if let stored = cached.stored, let record = try? store.verify(key, against: stored) { return record }
        state.withLock { $0.statistics.reads += 1 }
        let stored = try withConnection { connection in
            if let probe = cached.probe { try store.announce(probe, on: connection) }
            return try store.storedKey(publicID: key.publicID, on: connection)
        }
        let record = try store.verify(key, against: stored)
        if let stored, let generation = cached.generation {
            // Aged from before the read, so `maxAge` bounds how old the row can be.
            state.withLock { $0.insert(stored, fetchedAt: now, ifStill: generation, capacity: capacity) }
        }
        return record
    }
}
