import BatonLinks
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@testable import BatonCore

@Suite("InviteStore", .timeLimit(.minutes(10)))
struct InviteStoreTests {
    let connection: PostgresConnection
    let invite = try! NewInvite(InviteDraft(familyID: "f", familyName: "Family"))

    init() throws {
        connection = try PostgresConnection(TestPostgres.shared.makeMigratedDatabase())
    }

    /// Codes from a fixed seed for the first `repeats` calls, then from fresh seeds.
    static func store(repeating repeats: Int) -> InviteStore {
        let calls = Mutex(0)
        return InviteStore(secret: Array(repeating: 3, count: 32), codeLength: 6, webhookMaxAttempts: 1) { length throws(CredentialError) in
            let call = calls.withLock { count in
                count += 1
                return count
            }
            var generator = WeylGenerator(state: UInt64(call <= repeats ? 1 : call))
            return try InviteCode.generate(length: length, using: &generator)
        }
    }

    @Test("two items of one batch drawing the same code both get stored, the second with a fresh code")
    func collisionIsRetried() throws {
        let created = try connection.transaction { try Self.store(repeating: 2).create([invite, invite], createdBy: nil, on: $0) }
        #expect(created.count == 2)
        #expect(created[0].code != created[1].code && created[0].invite.id != created[1].invite.id)
        #expect(try connection.query("SELECT count(*) FROM baton.invites")[0].decode(Int.self, at: 0) == 2)
        #expect(try connection.query("SELECT count(*) FROM baton.events WHERE type = 'invite.created'")[0].decode(Int.self, at: 0) == 2)
    }

    @Test("a code that always collides ends in code_space_exhausted and the transaction stores nothing")
    func exhaustedCodeSpace() throws {
        let store = Self.store(repeating: .max)
        _ = try connection.transaction { try store.create(invite, createdBy: nil, on: $0) }
        #expect(throws: InviteError.codeSpaceExhausted) {
            try connection.transaction { try store.create([invite, invite], createdBy: nil, on: $0) }
        }
        #expect(try connection.query("SELECT count(*) FROM baton.invites")[0].decode(Int.self, at: 0) == 1)
    }

    @Test("a batch keeps every field of its items, inviter absent or present, and its detail lists redemptions oldest first")
    func batchAndDetailKeepEveryField() throws {
        let store = Self.store(repeating: 0)
        let drafts = [
            try NewInvite(InviteDraft(familyID: "f1", familyName: "Ünïcode \"family\"", ttlSeconds: 60, maxRedemptions: 3)),
            try NewInvite(InviteDraft(familyID: "f2", familyName: "Two", inviterID: "u_1", inviterName: "Ann")),
        ]
        let created = try connection.transaction { try store.create(drafts, createdBy: nil, on: $0) }
        #expect(created.map(\.invite.familyName) == ["Ünïcode \"family\"", "Two"])
        #expect(created.map(\.invite.inviterName) == [nil, "Ann"] && created.map(\.invite.inviterID) == [nil, "u_1"])
        #expect(created.map(\.invite.maxRedemptions) == [3, 1])
        #expect(abs(created[0].invite.expiresAt.timeIntervalSince(created[0].invite.createdAt) - 60) < 0.001)
        let id = created[0].invite.id
        for (redeemer, channel, seconds) in [
            ("late", "web", 1_796_000_300.25), ("early", "clip", 1_796_000_100.5), ("mid", "app", 1_796_000_200.0),
        ] {
            try connection.query(
                "INSERT INTO baton.redemptions (invite_id, redeemer_id, channel, redeemed_at) VALUES ($1, $2, $3, $4)",
                [id, redeemer, channel, Date(timeIntervalSince1970: seconds)])
        }
        let detail = try store.detail(id: id, on: connection)
        #expect(detail.invite == created[0].invite)
        #expect(detail.redemptions.map(\.redeemerID) == ["early", "mid", "late"])
        #expect(detail.redemptions.map(\.channel) == ["clip", "app", "web"])
        #expect(detail.redemptions.map(\.redeemedAt.timeIntervalSince1970) == [1_796_000_100.5, 1_796_000_200.0, 1_796_000_300.25])
        #expect(try store.detail(id: created[1].invite.id, on: connection).redemptions.isEmpty)
    }

    @Test(
        "a cursor survives its round trip and anything else is refused",
        arguments: ["", "!!", "bm90LWEtY3Vyc29y", String(repeating: "A", count: 200)])
    func cursor(garbage: String) throws {
        let cursor = InviteCursor(createdMicros: 1_764_433_000_123_456, id: UUID())
        #expect(try InviteCursor(parsing: cursor.text) == cursor)
        #expect(throws: InviteError.self) { try InviteCursor(parsing: garbage) }
    }
}

/// A deterministic generator: equal seeds give equal codes (a Weyl sequence
/// is plenty for picking code symbols in a test).
private struct WeylGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 1
        return state &* 0x9E37_79B9_7F4A_7C15
    }
}
