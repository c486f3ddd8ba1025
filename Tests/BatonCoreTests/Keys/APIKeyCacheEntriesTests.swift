import Foundation
import Postgres
import Testing
@testable import BatonCore

@Suite("APIKeyCache entries")
struct APIKeyCacheEntriesTests {
    private let now = ContinuousClock.now

    private func stored(_ publicID: String) -> APIKeyStore.StoredKey {
        let record = APIKeyStore.Record(
            id: UUID(), publicID: publicID, name: "k", scopes: [.invitesRead], createdAt: Date(), revokedAt: nil, lastUsedAt: nil
        )
        return APIKeyStore.StoredKey(record: record, keyHash: Array(repeating: 1, count: 32))
    }

    private func listening() -> APIKeyCache.Entries {
        var entries = APIKeyCache.Entries()
        entries.apply(.connected)
        return entries
    }

    /// Looks `publicID` up and caches it on a miss, as a request does.
    private func request(_ publicID: String, _ entries: inout APIKeyCache.Entries, capacity: Int = 10) -> Bool {
        let found = entries.lookup(publicID, now: now, maxAge: .seconds(60))
        if found.stored == nil, let generation = found.generation {
            entries.insert(stored(publicID), fetchedAt: now, ifStill: generation, capacity: capacity)
        }
        return found.stored != nil
    }

    @Test("a read that began before a notification of any key is not cached")
    func inFlightReadIsDropped() {
        var entries = listening()
        let generation = entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).generation
        entries.apply(.notification(PostgresNotification(channel: APIKeyCache.channel, payload: "aaaaaaaaaaaa", senderProcessID: 1)))
        entries.insert(stored("aaaaaaaaaaaa"), fetchedAt: now, ifStill: generation ?? 0, capacity: 10)
        #expect(entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).stored == nil)
    }

    @Test("before the first connect and after a disconnect nothing is cached or answered")
    func notListening() {
        var entries = APIKeyCache.Entries()
        #expect(!request("aaaaaaaaaaaa", &entries))
        #expect(!request("aaaaaaaaaaaa", &entries))
        entries.apply(.connected)
        #expect(!request("aaaaaaaaaaaa", &entries))
        #expect(request("aaaaaaaaaaaa", &entries))
        entries.apply(.disconnected)
        #expect(entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).generation == nil)
        entries.apply(.connected)
        #expect(!request("aaaaaaaaaaaa", &entries), "a reconnect starts empty")
    }

    @Test("a notification drops its key only; an empty payload drops every key", arguments: [("bbbbbbbbbbbb", [false, true]), ("", [false, false])])
    func notificationDrops(payload: String, stillCached: [Bool]) {
        var entries = listening()
        for publicID in ["bbbbbbbbbbbb", "cccccccccccc"] { _ = request(publicID, &entries) }
        entries.apply(.notification(PostgresNotification(channel: APIKeyCache.channel, payload: payload, senderProcessID: 1)))
        let found = ["bbbbbbbbbbbb", "cccccccccccc"].map { entries.lookup($0, now: now, maxAge: .seconds(60)).stored != nil }
        #expect(found == stillCached)
    }

    @Test("past its capacity the cache evicts the key cached longest ago, and its bookkeeping stays bounded")
    func evictsOldest() {
        var entries = listening()
        let ids = (0..<4).map { String(format: "%012x", $0) }
        for id in ids { _ = request(id, &entries, capacity: 3) }
        #expect(ids.map { entries.lookup($0, now: now, maxAge: .seconds(60)).stored != nil } == [false, true, true, true])
        for round in 0..<1_000 {
            entries.apply(.notification(PostgresNotification(channel: APIKeyCache.channel, payload: ids[round % 4], senderProcessID: 1)))
            _ = request(ids[round % 4], &entries, capacity: 3)
        }
        #expect(entries.count == 3)
        #expect(entries.bookkeepingCount <= 2 * 3 + 64)
    }
}
