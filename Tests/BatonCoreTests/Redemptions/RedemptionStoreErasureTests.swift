import BatonLinks
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonCore

@Suite("Redeeming an erased family's invite", .timeLimit(.minutes(10)))
struct RedemptionStoreErasureTests {
    static let secret = [UInt8](repeating: 5, count: 32)
    let database: MigratedDatabase
    let invites = InviteStore(secret: Self.secret, webhookMaxAttempts: 1)
    let redemptions = RedemptionStore(secret: Self.secret, webhookMaxAttempts: 1)

    init() throws {
        database = try MigratedDatabase()
    }

    func created(uses: Int) throws -> CreatedInvite {
        let invite = try NewInvite(InviteDraft(familyID: "fam-e", familyName: "Family", maxRedemptions: uses))
        return try database.connection.transaction { try invites.create(invite, createdBy: nil, on: $0) }
    }

    @Test("a redeemer of an erased family's invite gets the erased receipt back, and a new redeemer invite_revoked")
    func replaysErased() throws {
        let invite = try created(uses: 5)
        guard
            case .redeemed(let first) = try redemptions.redeem(
                .token(invite.token), redeemerID: "u-1", channel: .app, handoffID: nil, on: database.connection)
        else {
            Issue.record("not redeemed")
            return
        }
        _ = try database.connection.transaction { try FamilyEraser(secret: Self.secret).erase(familyID: "fam-e", on: $0) }
        let again = try redemptions.redeem(.token(invite.token), redeemerID: "u-1", channel: .app, handoffID: nil, on: database.connection)
        guard case .replayed(let receipt) = again else {
            Issue.record("not replayed: \(again)")
            return
        }
        #expect(receipt.id == first.id && receipt.redeemerID == RedeemerEraser(secret: Self.secret).erased("u-1"))
        #expect(throws: RedeemError.revoked) {
            try redemptions.redeem(.token(invite.token), redeemerID: "u-2", channel: .app, handoffID: nil, on: database.connection)
        }
    }

    @Test("without the erased form the statement answers erased and redeems nothing, even an invite that is still live")
    func statementWithoutFormChangesNothing() throws {
        let invite = try created(uses: 5)
        try database.connection.query("UPDATE baton.invites SET erased_at = now() WHERE id = $1", [invite.invite.id])
        let hash = Data(KeyedHasher(secret: Self.secret, purpose: .linkToken).hash(invite.token.text))
        let row = try database.connection.query(
            RedemptionStore.redeemByToken,
            [hash, "u-1", "app", String?.none, OutboxEvents.webhookKind, Int32(1), [Data](), String?.none, String?.none])[0]
        #expect(try row.decode(RedemptionStore.Outcome.self, "outcome") == .erased)
        let count = try database.connection.query("SELECT redemption_count FROM baton.invites WHERE id = $1", [invite.invite.id])[0]
        #expect(try count.decode(Int32.self, at: 0) == 0)
        #expect(try database.connection.query("SELECT 1 FROM baton.redemptions").isEmpty)
    }
}
