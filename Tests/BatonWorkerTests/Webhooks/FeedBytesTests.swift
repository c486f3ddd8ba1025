import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

/// The event feed against real deliveries: a worker posts every event to a
/// loopback receiver, and the feed must hand back the bytes it signed.
@Suite("Event feed bytes", .timeLimit(.minutes(10)))
struct FeedBytesTests {
    /// Event data that a re-encoding would change: a decimal's trailing
    /// zero, a number past a `Double`'s precision, a key with an escape
    /// (sorted by its backslash) beside one that sorts before it,
    /// non-ASCII text, and a hidden character (U+202E), escaped here as
    /// the backend sent it.
    static let data = #"""
        {"metadata": {"price": 1.50, "big": 12345678901234567890123, "a\"b": "quoted key", "a#": "plain key", "name": "Zoë – 日本", "rlo": "\u202e"}, "redeemer_id": "u_1"}
        """#

    @Test("every event type's feed item is byte for byte the body the worker signed and posted, in pages that parse as JSON")
    func feedItemsAreDeliveredBodies() throws {
        // A cluster of its own: the feed waits for every open write transaction of its cluster.
        let cluster = try TestPostgres.privateCluster()
        defer { withExtendedLifetime(cluster) {} }
        let db = try WorkerDatabase(migrating: cluster.connectionString)
        let receiver = try LoopbackReceiver()
        defer { receiver.stop() }
        try db.configureWebhookEndpoint(url: receiver.url, secret: WebhookDeliveryTests.secret)
        let invite: UUID = try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at, source, campaign)
            VALUES ('family-1', 'F', sha256('c'::bytea), sha256('t'::bytea), now() + interval '1 day', 'share_sheet', 'spring')
            RETURNING id
            """)[0].decode(at: 0)
        for type in OutboxEvents.EventType.allCases where type != .webhookTest {
            try OutboxEvents.record(
                type, inviteID: type == .familyErased ? nil : invite, familyID: "family-1", data: PostgresJSON(Self.data),
                on: db.connection)
        }
        #expect(try OutboxEvents.recordTest(endpointID: WebhookEndpoint.configuredID, on: db.connection) != nil)
        let count = OutboxEvents.EventType.allCases.count
        let worker = db.worker(handlers: db.webhookHandlers())
        worker.start()
        defer { worker.stop() }
        #expect(try eventually(within: 20) { try db.count(.completed) == count })
        var delivered: [String: [UInt8]] = [:]
        for request in receiver.requests {
            delivered[try #require(request.headers["idempotency-key"])] = Array(request.body)
        }
        #expect(delivered.count == count)
        let redeemed = String(decoding: try #require(delivered.values.first { $0.count > 300 }), as: UTF8.self)
        #expect(redeemed.contains(#""a#":"plain key","a\"b":"quoted key","big":12345678901234567890123,"#))
        #expect(redeemed.contains(#""price":1.50,"rlo":"\#u{202E}"}"#), "the data reached the delivery as written")

        var pages: [EventFeed.Page] = []
        let ready = try eventually {
            pages = []
            var cursor = EventCursor.start
            var more = true
            while more {
                let page = try EventFeed.page(EventFeed.Query(after: cursor, limit: 3), on: db.connection)
                pages.append(page)
                cursor = page.next
                more = page.hasMore
            }
            return pages.map(\.events.count).reduce(0, +) == count
        }
        #expect(ready, "the feed holds every event")
        var seen: Set<String> = []
        for page in pages {
            let json = page.json()
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], "a page is JSON")
            let ids = try #require(object["events"] as? [[String: Any]]).map { $0["id"] as? String ?? "" }
            seen.formUnion(ids)
            let bodies = try ids.map { try #require(delivered[$0], "an event the worker never delivered") }
            let expected =
                #"{"events":["# + bodies.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ",")
                + #"],"has_more":\#(page.hasMore),"next_cursor":"\#(page.next.text)"}"#
            #expect(String(decoding: json, as: UTF8.self) == expected)
        }
        #expect(seen == Set(delivered.keys))
    }
}
