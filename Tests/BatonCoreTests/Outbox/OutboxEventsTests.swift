import BatonCore
import BatonTestSupport
import Foundation
import JobQueue
import Postgres
import Testing

@Suite("OutboxEvents", .timeLimit(.minutes(10)))
struct OutboxEventsTests {
    @Test("recording an event writes the event row and a webhook job naming it and its endpoint")
    func recordWritesEventAndJob() throws {
        let db = try MigratedDatabase()
        let (endpoint, _) = try db.addWebhookEndpoint()
        try db.insertDueInvites(1)
        let invite: UUID = try db.connection.query("SELECT id FROM baton.invites")[0].decode(at: 0)
        let eventID = try db.connection.transaction { connection in
            try OutboxEvents.record(
                .inviteRedeemed, inviteID: invite, familyID: "family-1", channel: "app",
                data: PostgresJSON(#"{"redeemer_id": "u_42", "invite_id": "spoofed"}"#), on: connection)
        }
        let args: PostgresJSON = try db.connection.query("SELECT args FROM baton.jobs WHERE kind = 'webhook.deliver'")[0].decode(at: 0)
        let job = try #require(try JSONSerialization.jsonObject(with: args.data) as? [String: String])
        #expect(job == ["event_id": eventID.uuidString.lowercased(), "endpoint_id": endpoint.id.uuidString.lowercased()])
        let row = try db.connection.query("SELECT type, channel, data FROM baton.events WHERE event_id = $1", [eventID])[0]
        #expect(try row.decode(String.self, at: 0) == "invite.redeemed")
        #expect(try row.decode(String.self, at: 1) == "app")
        let data = try #require(try JSONSerialization.jsonObject(with: try row.decode(PostgresJSON.self, at: 2).data) as? [String: Any])
        #expect(data["invite_id"] as? String == invite.uuidString.lowercased())
        #expect(data["redeemer_id"] as? String == "u_42")
    }

    @Test("an event recorded in a rolled-back transaction leaves neither event nor job")
    func rollbackLeavesNothing() throws {
        let db = try MigratedDatabase()
        try db.insertDueInvites(1)
        let invite: UUID = try db.connection.query("SELECT id FROM baton.invites")[0].decode(at: 0)
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try db.connection.transaction { connection in
                try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: "family-1", on: connection)
                throw Abort()
            }
        }
        let counts: Int = try db.connection.query(
            "SELECT (SELECT count(*) FROM baton.events) + (SELECT count(*) FROM baton.jobs)")[0].decode(at: 0)
        #expect(counts == 0)
    }

    @Test("the previous version's four-argument baton.webhook_body builds the same body as the six-argument one, attribution and all")
    func previousBodyFormMatches() throws {
        let db = try MigratedDatabase()
        try db.insertDueInvites(1)
        let invite: UUID = try db.connection.query(
            "UPDATE baton.invites SET source = 'share_sheet', campaign = 'spring' RETURNING id")[0].decode(at: 0)
        try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: "family-1", on: db.connection)
        try OutboxEvents.record(.familyErased, inviteID: nil, familyID: "family-1", on: db.connection)
        let rows = try db.connection.query(
            """
            SELECT baton.webhook_body(e.event_id, e.type, e.occurred_at, e.data)::text,
                   baton.webhook_body(e.event_id, e.type, e.occurred_at, e.data, i.source, i.campaign)::text
            FROM baton.events e LEFT JOIN baton.invites i ON i.id = e.invite_id ORDER BY e.id
            """)
        #expect(rows.count == 2)
        for row in rows {
            #expect(try row.decode(String.self, at: 0) == row.decode(String.self, at: 1))
        }
        #expect(try rows[0].decode(String.self, at: 0).contains(#""campaign": "spring""#))
    }

    @Test("event data that is not a JSON object is refused", arguments: ["[]", "1", "\"text\""])
    func nonObjectDataIsRefused(data: String) throws {
        let db = try MigratedDatabase()
        #expect(throws: JobQueueError.invalidJob("event data must be a JSON object")) {
            try OutboxEvents.record(.inviteRevoked, inviteID: UUID(), familyID: "f", data: PostgresJSON(data), on: db.connection)
        }
    }
}
