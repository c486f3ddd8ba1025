import BatonCore
import BatonTestSupport
import Foundation
import Testing

@testable import BatonCLI

@Suite("invites commands", .timeLimit(.minutes(10)))
struct InvitesCommandsTests {
    /// A migrated database with one active invite of three uses, and the environment naming it.
    static func database() throws -> (MigratedDatabase, [String: String], String) {
        let db = try MigratedDatabase()
        let created = try InviteStore(secret: TestSecrets.secretKey).create(
            NewInvite(InviteDraft(familyID: "fam", familyName: "The Doe family", maxRedemptions: 3)), createdBy: nil, on: db.connection)
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": TestSecrets.secretKeyHex]
        return (db, environment, created.invite.id.uuidString.lowercased())
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("update, reissue, get and events work on the configured database and print JSON")
    func updateReissueGetEvents() throws {
        let (_, environment, id) = try Self.database()
        let update = try BatonRun.run(
            ["invites", "update", id, "--max-redemptions", "5", "--inviter-name", "Ada", "--metadata", #"{"team":"a"}"#, "--json"],
            environment: environment)
        #expect(update.status == 0, "\(update.err)")
        let updated = try Self.json(update.out)
        #expect(updated["max_redemptions"] as? Int == 5 && updated["inviter_name"] as? String == "Ada")
        let reissue = try BatonRun.run(["invites", "reissue", id, "--json"], environment: environment)
        #expect(reissue.status == 0, "\(reissue.err)")
        let reissued = try Self.json(reissue.out)
        #expect((reissued["token"] as? String)?.count == 26 && reissued["id"] as? String == id)
        let get = try BatonRun.run(["invites", "get", id, "--json"], environment: environment)
        #expect(try Self.json(get.out)["redemptions"] as? [Any] != nil)
        let events = try BatonRun.run(["invites", "events", id, "--json"], environment: environment)
        let types = (try JSONSerialization.jsonObject(with: Data(events.out.utf8)) as? [[String: Any]])?.compactMap {
            $0["type"] as? String
        }
        #expect(types == ["invite.created", "invite.updated", "invite.reissued"])
    }

    @Test("a refused change exits 2 with the API's error code and changes nothing")
    func refusedChange() throws {
        let (db, environment, id) = try Self.database()
        let outcome = try BatonRun.run(["invites", "update", id, "--max-redemptions", "0"], environment: environment)
        #expect(outcome.status == 2 && outcome.err.contains("validation_failed"))
        let both = try BatonRun.run(["invites", "update", id, "--inviter-name", "A", "--no-inviter-name"], environment: environment)
        #expect(both.status == 2 && both.err.contains("not both"))
        #expect(try db.connection.query("SELECT count(*) FROM baton.events WHERE type = 'invite.updated'")[0].decode(Int.self, at: 0) == 0)
    }

    @Test("every invites command has help with examples", arguments: ["get", "update", "reissue", "events"])
    func helpHasExamples(command: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["invites", command, "--help"], console: captured.console) == .success)
        #expect(captured.out.contains("Examples:\n  baton invites \(command)"))
    }
}
