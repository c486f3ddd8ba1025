import BatonLinks
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@testable import BatonCore

@Suite("Revoke timestamps under a racing redemption", .timeLimit(.minutes(10)))
struct RevokeTimingTests {
    let database: MigratedDatabase
    let invites = InviteStore(secret: Array(repeating: 9, count: 32), webhookMaxAttempts: 1)
    let redemptions = RedemptionStore(secret: Array(repeating: 9, count: 32), webhookMaxAttempts: 1)

    init() throws {
        database = try MigratedDatabase()
    }

    func created(uses: Int) throws -> CreatedInvite {
        let invite = try NewInvite(InviteDraft(familyID: "f", familyName: "Family", maxRedemptions: uses))
        return try database.connection.transaction { try invites.create(invite, createdBy: nil, on: $0) }
    }

    /// Whether the invite's `finalized_at` and its `invite.revoked` event are
    /// both at or after its latest redemption and its latest `invite.redeemed` event.
    func revokeIsDatedLast(_ id: UUID) throws -> Bool {
        try database.connection.query(
            """
            SELECT i.finalized_at >= max(r.redeemed_at)
               AND (SELECT occurred_at FROM baton.events WHERE invite_id = i.id AND type = 'invite.revoked')
                   >= (SELECT max(occurred_at) FROM baton.events WHERE invite_id = i.id AND type = 'invite.redeemed')
            FROM baton.invites i JOIN baton.redemptions r ON r.invite_id = i.id
            WHERE i.id = $1 GROUP BY i.id
            """, [id])[0].decode(Bool.self, at: 0)
    }

    @Test("a revoke whose transaction began before a redemption committed is dated after that redemption")
    func revokeStartedEarlier() throws {
        let invite = try created(uses: 5)
        let revoker = try PostgresConnection(database.conninfo)
        defer { revoker.close() }
        try revoker.runScript("BEGIN; SELECT now()")
        // The redemption's commit must come measurably after the revoke's now().
        Thread.sleep(forTimeInterval: 0.02)
        let outcome = try redemptions.redeem(
            .token(invite.token), redeemerID: "u-1", channel: .app, handoffID: nil, on: database.connection)
        guard case .redeemed = outcome else {
            Issue.record("not redeemed: \(outcome)")
            return
        }
        #expect(try invites.revoke(id: invite.invite.id, on: revoker).revoked)
        try revoker.runScript("COMMIT")
        #expect(try revokeIsDatedLast(invite.invite.id))
    }

    @Test("racing redeemers and a revoke of one invite: every redemption that won is dated before the revoke")
    func racingRedeemers() throws {
        let invite = try created(uses: 2_000)
        let conninfo = database.conninfo
        let redemptions = redemptions
        let invites = invites
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                guard let connection = try? PostgresConnection(conninfo) else { return }
                defer { connection.close() }
                start.wait()
                // Each redeemer keeps going until the revoke refuses it, so redemptions
                // are still in flight when the revoke commits, however slow the machine.
                for round in 0..<200 {
                    do {
                        _ = try redemptions.redeem(
                            .token(invite.token), redeemerID: "u-\(index)-\(round)", channel: .app, handoffID: nil,
                            on: connection)
                    } catch {
                        return
                    }
                }
            }
        }
        let revoker = try PostgresConnection(conninfo)
        defer { revoker.close() }
        try revoker.runScript("BEGIN; SELECT now()")
        for _ in 0..<8 { start.signal() }
        _ = try eventually(within: 30) { try redemptionCount() > 0 }
        _ = try invites.revoke(id: invite.invite.id, on: revoker)
        try revoker.runScript("COMMIT")
        group.wait()
        try #require(try redemptionCount() > 0, "no redemption won before the revoke")
        #expect(try revokeIsDatedLast(invite.invite.id))
    }

    func redemptionCount() throws -> Int {
        try database.connection.query("SELECT count(*) FROM baton.redemptions")[0].decode(Int.self, at: 0)
    }
}
