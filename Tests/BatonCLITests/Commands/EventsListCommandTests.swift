import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCLI

@Suite("events list command", .timeLimit(.minutes(10)))
struct EventsListCommandTests {
    @Test(
        "bad events command lines exit 2 with the typed error, before touching the database",
        arguments: [
            (["events", "list", "--after", "nope!"], "invalid_cursor"),
            (["events", "list", "--type", "invite.unknown"], "invalid_parameter: type must be one of"),
            (["events", "list", "--limit", "0"], "invalid_parameter: limit must be a whole number from 1 to 500"),
            (["events", "list", "--colour"], "unknown option --colour"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(arguments, console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains(expected))
    }

    @Test("a page prints as a table ending with the next cursor, or as the API's JSON byte for byte")
    func tableAndJSON() throws {
        // A cluster of its own: the feed waits for every open write transaction of its cluster.
        let cluster = try TestPostgres.privateCluster()
        let connection = try PostgresConnection(cluster.connectionString)
        defer {
            connection.close()
            withExtendedLifetime(cluster) {}
        }
        try Migrator().migrate(on: connection)
        let invite: UUID = try connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('fam-1', 'F', sha256('c'::bytea), sha256('t'::bytea), now() + interval '1 day') RETURNING id
            """)[0].decode(at: 0)
        let first = try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: "fam-1", on: connection)
        try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: "fam-1", on: connection)
        var page: EventFeed.Page?
        #expect(
            try eventually {
                page = try EventFeed.page(EventFeed.Query(limit: 1), on: connection)
                return page?.hasMore == true
            })
        let found = try #require(page)
        let table = CapturedConsole()
        EventsListCommand.print(found, json: false, console: table.console)
        #expect(table.out.contains(first.uuidString.lowercased()))
        #expect(table.out.contains("invite.revoked"))
        #expect(table.out.contains(invite.uuidString.lowercased()))
        #expect(table.out.contains("next: \(found.next.text) (more ready)"))
        let json = CapturedConsole()
        EventsListCommand.print(found, json: true, console: json.console)
        #expect(json.out == String(decoding: found.json(), as: UTF8.self), "the API's bytes, not a re-encoding")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["next_cursor"] as? String == found.next.text)
        #expect(object["has_more"] as? Bool == true)
        #expect(((object["events"] as? [[String: Any]])?.first?["id"]) as? String == first.uuidString.lowercased())
    }
}
