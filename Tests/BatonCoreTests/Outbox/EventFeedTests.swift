import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

/// A migrated database on a cluster of its own. The feed waits for every
/// open write transaction of its cluster, and on the shared test cluster
/// other suites hold some open on purpose (lock and failover tests).
final class FeedDatabase {
    let cluster: PrivateTestCluster
    let conninfo: String
    let connection: PostgresConnection

    /// Starts the cluster and migrates its database, with `invites` due invites in it.
    init(invites: Int = 1) throws {
        cluster = try TestPostgres.privateCluster()
        conninfo = cluster.connectionString
        connection = try PostgresConnection(conninfo)
        try Migrator().migrate(on: connection)
        try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, created_at, expires_at)
            SELECT 'family-1', 'Family', sha256(('c' || i)::bytea), sha256(('t' || i)::bytea), now() - interval '2 days', now() - interval '1 day'
            FROM generate_series(1, $1::int8) AS i
            """, [invites])
    }

    deinit {
        connection.close()
    }
}

@Suite("EventFeed", .serialized, .timeLimit(.minutes(10)))
struct EventFeedTests {
    /// The ids of `page`'s events, in order.
    static func ids(_ page: EventFeed.Page) throws -> [String] {
        try page.events.map { body in try #require(body.string("id")) }
    }

    /// Reads the whole feed from `cursor`, `limit` at a time; returns the ids and the last cursor.
    static func readAll(
        from cursor: EventCursor = .start, limit: Int, type: OutboxEvents.EventType? = nil, on connection: PostgresConnection
    ) throws -> (ids: [String], next: EventCursor) {
        var ids: [String] = []
        var cursor = cursor
        while true {
            let page = try EventFeed.page(EventFeed.Query(after: cursor, type: type, limit: limit), on: connection)
            ids += try Self.ids(page)
            cursor = page.next
            if !page.hasMore { return (ids, cursor) }
        }
    }

    /// Records one event of `type` on `connection` for a random invite of the database.
    @discardableResult
    static func record(_ type: OutboxEvents.EventType = .inviteRevoked, on connection: PostgresConnection) throws -> String {
        let invite: UUID = try connection.query("SELECT id FROM baton.invites ORDER BY random() LIMIT 1")[0].decode(at: 0)
        return try OutboxEvents.record(type, inviteID: invite, familyID: "family-1", on: connection).uuidString.lowercased()
    }

    @Test("an event whose transaction began first but commits last is held back, then returned before the later one")
    func heldBackUntilCommit() throws {
        let db = try FeedDatabase()
        let slow = try PostgresConnection(db.conninfo)
        defer { slow.close() }
        try slow.query("BEGIN")
        // Two types, so two journey stages: the same stage of the same invite
        // would make the second insert wait for the open transaction (the
        // stage table's primary key), which is not what this test is about.
        let first = try Self.record(.inviteRevoked, on: slow)
        let second = try Self.record(.inviteExpired, on: db.connection)
        let reader = try PostgresConnection(db.conninfo)
        defer { reader.close() }
        let held = try EventFeed.page(EventFeed.Query(), on: reader)
        #expect(try Self.ids(held).isEmpty, "the committed later event must wait for the earlier open one")
        #expect(held.next == .start)
        try slow.query("COMMIT")
        var seen: [String] = []
        #expect(
            try eventually {
                seen = try Self.readAll(limit: 10, on: reader).ids
                return seen.count == 2
            })
        #expect(seen == [first, second])
    }

    @Test("the feed returns every event once, in order, across pages, while writers commit out of order")
    func concurrentWritersAreReadExactlyOnce() throws {
        let db = try FeedDatabase(invites: 20)
        let writers = 4
        let perWriter = 60
        let running = Atomic(writers)
        let failures = Mutex<[String]>([])
        let conninfo = db.conninfo
        let done = (0..<writers).map { writer in
            onThread {
                do {
                    let connection = try PostgresConnection(conninfo)
                    defer { connection.close() }
                    for round in 0..<perWriter {
                        try connection.query("BEGIN")
                        try Self.record(on: connection)
                        // Hold some transactions open so that later ones commit first.
                        if (round + writer) % 3 == 0 { Thread.sleep(forTimeInterval: Double.random(in: 0...0.004)) }
                        try connection.query("COMMIT")
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
                running.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        let reader = try PostgresConnection(db.conninfo)
        defer { reader.close() }
        var seen: [String] = []
        var cursor = EventCursor.start
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let finished = running.load(ordering: .sequentiallyConsistent) == 0
            let page = try EventFeed.page(EventFeed.Query(after: cursor, limit: 7), on: reader)
            seen += try Self.ids(page)
            #expect(page.next >= cursor)
            cursor = page.next
            if finished && seen.count >= writers * perWriter && !page.hasMore { break }
        }
        done.forEach { $0.wait() }
        #expect(failures.withLock { $0 }.isEmpty)
        let all: [String] = try db.connection.query("SELECT event_id::text FROM baton.events ORDER BY xact_id, id").map {
            try $0.decode(at: 0)
        }
        #expect(all.count == writers * perWriter)
        #expect(Set(seen).count == seen.count, "an event was returned twice")
        #expect(seen == all, "the pages, joined, are every event once in feed order")
    }

    @Test("type keeps one type; limit bounds the page and has_more says more are ready")
    func typeAndLimit() throws {
        let db = try FeedDatabase(invites: 3)
        let revoked = try (0..<3).map { _ in try Self.record(.inviteRevoked, on: db.connection) }
        let redeemed = try Self.record(.inviteRedeemed, on: db.connection)
        #expect(try eventually { try Self.readAll(limit: 10, on: db.connection).ids.count == 4 })
        let page = try EventFeed.page(EventFeed.Query(limit: 2), on: db.connection)
        #expect(try Self.ids(page) == Array(revoked.prefix(2)))
        #expect(page.hasMore)
        let rest = try EventFeed.page(EventFeed.Query(after: page.next, limit: 2), on: db.connection)
        #expect(try Self.ids(rest) == [revoked[2], redeemed])
        #expect(!rest.hasMore)
        let empty = try EventFeed.page(EventFeed.Query(after: rest.next, limit: 2), on: db.connection)
        #expect(empty.events.isEmpty && empty.next == rest.next, "an empty page hands the same cursor back")
        #expect(try Self.readAll(limit: 1, type: .inviteRedeemed, on: db.connection).ids == [redeemed])
    }

    @Test("events of types the webhooks do not carry stay out of the feed")
    func onlyWebhookTypes() throws {
        let db = try FeedDatabase()
        try db.connection.query(
            "INSERT INTO baton.events (type, invite_id, family_id) SELECT 'invite.created', id, family_id FROM baton.invites")
        let revoked = try Self.record(.inviteRevoked, on: db.connection)
        var ids: [String] = []
        #expect(
            try eventually {
                ids = try Self.readAll(limit: 10, on: db.connection).ids
                return !ids.isEmpty
            })
        #expect(ids == [revoked])
    }

    @Test("a cursor survives its text form")
    func cursorRoundTrip() throws {
        let db = try FeedDatabase()
        try Self.record(on: db.connection)
        var cursor = EventCursor.start
        #expect(
            try eventually {
                cursor = try Self.readAll(limit: 10, on: db.connection).next
                return cursor != .start
            })
        #expect(try EventCursor(parsing: cursor.text) == cursor)
        #expect(try EventCursor(parsing: EventCursor.start.text) == .start)
        #expect(try EventCursor(parsing: "MS4y") > .start, "the text of 1.2")
    }

    @Test(
        "a malformed query is refused with a typed error before any database work",
        arguments: [
            (["after": "not a cursor"], EventFeedError.invalidCursor),
            (["after": "eA"], .invalidCursor), // "x"
            (["after": String(repeating: "A", count: 65)], .invalidCursor),
            (["after": "LTEuMw"], .invalidCursor), // "-1.3"
            (
                ["type": "invite.unknown"],
                .invalidParameter(
                    field: "type", reason: "must be one of " + OutboxEvents.EventType.allCases.map(\.rawValue).joined(separator: ", "))
            ),
            (["limit": "0"], .invalidParameter(field: "limit", reason: "must be a whole number from 1 to 500")),
            (["limit": "501"], .invalidParameter(field: "limit", reason: "must be a whole number from 1 to 500")),
            (["limit": "ten"], .invalidParameter(field: "limit", reason: "must be a whole number from 1 to 500")),
        ])
    func malformedQuery(parameters: [String: String], error: EventFeedError) {
        #expect(throws: error) {
            try EventFeed.Query(after: parameters["after"], type: parameters["type"], limit: parameters["limit"])
        }
    }
}
