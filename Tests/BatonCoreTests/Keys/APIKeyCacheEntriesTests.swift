import Foundation
import Postgres
import Testing

@testable import BatonCore

@Suite("APIKeyCache entries", .timeLimit(.minutes(10)))
struct APIKeyCacheEntriesTests {
    private let now = ContinuousClock.now

    private func stored(_ publicID: String) -> APIKeyStore.StoredKey {
        let record = APIKeyStore.Record(
            id: UUID(), publicID: publicID, name: "k", scopes: [.invitesRead], createdAt: Date(), revokedAt: nil, lastUsedAt: nil
        )
        return APIKeyStore.StoredKey(record: record, keyHash: Array(repeating: 1, count: 32))
    }

    private func announced(_ payload: String) -> PostgresListener.Event {
        .notification(PostgresNotification(channel: APIKeyCache.channel, payload: payload, senderProcessID: 1))
    }

    /// Connected, with the probe the first lookup asked for returned.
    private func listening() -> APIKeyCache.Entries {
        var entries = APIKeyCache.Entries()
        entries.apply(.connected)
        entries.apply(announced(entries.lookup("ffffffffffff", now: now, maxAge: .seconds(60)).probe ?? ""))
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
        entries.apply(announced("aaaaaaaaaaaa"))
        entries.insert(stored("aaaaaaaaaaaa"), fetchedAt: now, ifStill: generation ?? 0, capacity: 10)
        #expect(entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).stored == nil)
    }

    @Test("nothing is answered before a connect, nor after one until our own probe returns, nor after a disconnect")
    func answersOnlyWhenProven() {
        var entries = APIKeyCache.Entries()
        #expect(!request("aaaaaaaaaaaa", &entries))
        #expect(!request("aaaaaaaaaaaa", &entries))
        entries.apply(.connected)
        let probe = entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).probe
        #expect(probe?.hasPrefix(APIKeyCache.Entries.probePrefix) == true)
        entries.apply(announced(APIKeyCache.Entries.probePrefix + "0"))
        #expect(!request("aaaaaaaaaaaa", &entries), "another server's probe proves nothing")
        #expect(!request("aaaaaaaaaaaa", &entries))
        entries.apply(announced(probe ?? ""))
        #expect(!request("aaaaaaaaaaaa", &entries))
        #expect(request("aaaaaaaaaaaa", &entries))
        entries.apply(.disconnected)
        #expect(entries.lookup("aaaaaaaaaaaa", now: now, maxAge: .seconds(60)).generation == nil)
        entries.apply(.connected)
        entries.apply(announced(probe ?? ""))
        #expect(!request("aaaaaaaaaaaa", &entries), "a reconnect starts empty and an old probe does not prove it")
        #expect(!request("aaaaaaaaaaaa", &entries))
    }

    @Test("an unanswered probe is asked for again only after the probe interval")
    func probeIsResentAfterInterval() {
        var entries = APIKeyCache.Entries()
        entries.apply(.connected)
        let sent = [now, now + .milliseconds(10), now + APIKeyCache.Entries.probeInterval].map {
            entries.lookup("aaaaaaaaaaaa", now: $0, maxAge: .seconds(60)).probe
        }
        #expect(sent[0] != nil && sent[1] == nil && sent[2] == sent[0])
    }

    @Test(
        "a notification drops its key only; an empty payload drops every key",
        arguments: [("bbbbbbbbbbbb", [false, true]), ("", [false, false])])
    func notificationDrops(payload: String, stillCached: [Bool]) {
        var entries = listening()
        for publicID in ["bbbbbbbbbbbb", "cccccccccccc"] { _ = request(publicID, &entries) }
        entries.apply(announced(payload))
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
            entries.apply(announced(ids[round % 4]))
            _ = request(ids[round % 4], &entries, capacity: 3)
        }
        #expect(entries.count == 3)
        #expect(entries.bookkeepingCount <= 2 * 3 + 64)
    }
}
