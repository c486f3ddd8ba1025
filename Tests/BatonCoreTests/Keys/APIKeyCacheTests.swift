import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@Suite("APIKeyCache", .timeLimit(.minutes(10)))
struct APIKeyCacheTests {
    let conninfo: String
    /// The connection requests read rows on.
    let connection: PostgresConnection
    /// Another session, as `baton keys revoke` or a second server would be.
    let operatorConnection: PostgresConnection
    let store = APIKeyStore(secret: Array(repeating: 7, count: 32))

    init() throws {
        conninfo = try TestPostgres.shared.makeMigratedDatabase()
        connection = try PostgresConnection(conninfo)
        operatorConnection = try PostgresConnection(conninfo)
    }

    /// A started cache in front of the test database, listening: requests
    /// (with an unknown key) send its probe until it has come back.
    private func listeningCache(maxAge: Duration = .seconds(60)) throws -> APIKeyCache {
        let cache = APIKeyCache(store: store, conninfo: conninfo, maxAge: maxAge)
        cache.start()
        let unknown = APIKey.generate()
        try #require(
            eventually {
                _ = try? authenticate(unknown.text, with: cache)
                return cache.statistics.isListening
            })
        return cache
    }

    /// How many rows `body` read through `cache`.
    private func reads(of cache: APIKeyCache, during body: () throws -> Void) rethrows -> Int {
        let before = cache.statistics.reads
        try body()
        return cache.statistics.reads - before
    }

    private func authenticate(_ text: String, with cache: APIKeyCache) throws -> APIKeyStore.Record {
        try cache.authenticate(text) { try $0(connection) }
    }

    private func makeKey() throws -> APIKey {
        try store.create(name: "backend", scopes: [.invitesRead], on: connection).0
    }

    /// A listening cache holding a new key, authenticated once; stop the cache.
    private func cachedKey(maxAge: Duration = .seconds(60)) throws -> (APIKeyCache, APIKey) {
        let cache = try listeningCache(maxAge: maxAge)
        let key = try makeKey()
        _ = try authenticate(key.text, with: cache)
        return (cache, key)
    }

    @Test("a cached key is answered without reading its row")
    func hitReadsNothing() throws {
        let (cache, key) = try cachedKey()
        defer { cache.stop() }
        let first = try authenticate(key.text, with: APIKeyCache(store: store, conninfo: nil))
        var reads = 0
        let second = try cache.authenticate(key.text) { body in
            reads += 1
            return try body(connection)
        }
        #expect(second == first)
        #expect(reads == 0)
        #expect(cache.statistics.hits == 1)
    }

    @Test("a wrong secret for a cached public id is refused, after reading the row")
    func wrongTextForCachedKey() throws {
        let (cache, key) = try cachedKey()
        defer { cache.stop() }
        let wrong = String(key.text.dropLast()) + (key.text.hasSuffix("0") ? "1" : "0")
        #expect(reads(of: cache) { #expect(throws: APIKeyError.invalid) { try authenticate(wrong, with: cache) } } == 1)
        #expect(try authenticate(key.text, with: cache).publicID == key.publicID)
    }

    @Test("a key refused once is read again every time: failures are never cached")
    func failuresAreNotCached() throws {
        let cache = try listeningCache()
        defer { cache.stop() }
        let unknown = APIKey.generate()
        let read = reads(of: cache) {
            for _ in 0..<3 {
                #expect(throws: APIKeyError.invalid) { try authenticate(unknown.text, with: cache) }
            }
            #expect(throws: APIKeyError.malformed) { try authenticate("bk_nope", with: cache) }
        }
        #expect(read == 3)
        #expect(cache.statistics.hits == 0)
    }

    /// A change made on another session to the key with `publicID`.
    struct Change: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sql: String
        /// The scopes the key has afterwards; nil when it no longer authenticates.
        let scopes: Set<Scope>?
    }

    @Test(
        "a revocation, a scope change or a deletion on another session reaches the cache within 2 s",
        arguments: [
            Change(testDescription: "revoke", sql: "UPDATE baton.api_keys SET revoked_at = now() WHERE public_id = $1", scopes: nil),
            Change(
                testDescription: "scope change", sql: "UPDATE baton.api_keys SET scopes = '{metrics:read}' WHERE public_id = $1",
                scopes: [.metricsRead]),
            Change(testDescription: "delete", sql: "DELETE FROM baton.api_keys WHERE public_id = $1", scopes: nil),
        ])
    func changesInvalidate(change: Change) throws {
        let (cache, key) = try cachedKey()
        defer { cache.stop() }
        _ = try authenticate(key.text, with: cache)
        try #require(cache.statistics.hits == 1)
        try operatorConnection.query(change.sql, [key.publicID])
        #expect(eventually(within: 2) { cache.statistics.notifications == 1 })
        if let scopes = change.scopes {
            #expect(Set(try authenticate(key.text, with: cache).scopes) == scopes)
        } else {
            #expect(throws: APIKeyError.invalid) { try authenticate(key.text, with: cache) }
        }
        #expect(cache.statistics.hits == 1)
    }

    @Test("APIKeyStore.revoke on another session is seen, and the revoked key is refused")
    func storeRevokeInvalidates() throws {
        let (cache, key) = try cachedKey()
        defer { cache.stop() }
        _ = try store.revoke(publicID: key.publicID, on: operatorConnection)
        #expect(eventually(within: 2) { (try? authenticate(key.text, with: cache)) == nil })
        #expect(cache.statistics.notifications == 1)
    }

    @Test(
        "a cache whose listener never connected reads the database every time",
        arguments: [
            nil, "host=127.0.0.1 port=1 dbname=none connect_timeout=1",
        ] as [String?])
    func notListeningReadsEveryTime(listenerConninfo: String?) throws {
        let cache = APIKeyCache(store: store, conninfo: listenerConninfo)
        cache.start()
        defer { cache.stop() }
        let key = try makeKey()
        for _ in 0..<3 { _ = try authenticate(key.text, with: cache) }
        let statistics = cache.statistics
        #expect(statistics.reads == 3 && statistics.hits == 0 && !statistics.isListening)
    }

    @Test("a stopped cache forgets its keys and reads the database")
    func stoppedCacheReads() throws {
        let (cache, key) = try cachedKey()
        cache.stop()
        #expect(try reads(of: cache) { _ = try authenticate(key.text, with: cache) } == 1)
        #expect(!cache.statistics.isListening)
    }

    @Test("an entry older than the maximum age is read again")
    func staleEntryIsRead() throws {
        let (cache, key) = try cachedKey(maxAge: .milliseconds(50))
        defer { cache.stop() }
        // Real time past the 50 ms maximum age is the point.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try reads(of: cache) { _ = try authenticate(key.text, with: cache) } == 1)
    }

    @Test("after the listener's backend is terminated the cache starts empty on reconnect")
    func reconnectEmptiesCache() throws {
        let (cache, key) = try cachedKey()
        defer { cache.stop() }
        let killed = try operatorConnection.query(
            """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%'
            """)
        try #require(killed.count == 1)
        // Reconnecting takes at least the listener's 100 ms backoff.
        #expect(eventually { !cache.statistics.isListening })
        let unknown = APIKey.generate()
        #expect(
            eventually {
                _ = try? authenticate(unknown.text, with: cache)
                return cache.statistics.isListening
            })
        #expect(try reads(of: cache) { _ = try authenticate(key.text, with: cache) } == 1)
    }
}
