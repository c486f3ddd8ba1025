import BatonCore
import BatonTestSupport
import Foundation
import Testing

@Suite("families erase command", .timeLimit(.minutes(10)))
struct FamiliesEraseCommandTests {
    @Test("it revokes and erases the family and prints what it did as JSON; an unknown family fails")
    func erases() throws {
        let db = try MigratedDatabase()
        let secret = TestSecrets.secretKeyHex
        let store = InviteStore(secret: try #require(Sodium.bytes(fromHex: secret)))
        _ = try store.create(
            NewInvite(InviteDraft(familyID: "fam_cli", familyName: "The Quills", inviterName: "Quentin")), createdBy: nil,
            on: db.connection)
        let environment = ["BATON_DATABASE_URL": db.conninfo, "BATON_SECRET_KEY": secret]
        let outcome = try BatonRun.run(["families", "erase", "fam_cli", "--json"], environment: environment)
        #expect(outcome.status == 0, "\(outcome.err)")
        let printed = try #require(JSONSerialization.jsonObject(with: Data(outcome.out.utf8)) as? [String: Any])
        #expect(printed["family_id"] as? String == "fam_cli" && printed["invites_revoked"] as? Int == 1)
        let names = try db.connection.query("SELECT family_name || coalesce(inviter_name, '') FROM baton.invites")
        #expect(try names.map { try $0.decode(String.self, at: 0) } == [FamilyEraser.erasedFamilyName])
        let unknown = try BatonRun.run(["families", "erase", "nobody"], environment: environment)
        #expect(unknown.status != 0 && unknown.err.contains("family_not_found"))
    }
}
