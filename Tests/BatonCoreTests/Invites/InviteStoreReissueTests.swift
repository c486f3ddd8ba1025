import BatonLinks
import BatonTestSupport
import Foundation
import Postgres
import Synchronization
import Testing

@testable import BatonCore

@Suite("InviteStore.reissue racing a create", .timeLimit(.minutes(10)))
struct InviteStoreReissueTests {
    @Test("a reissue drawing the code of a create not yet committed waits for it, then draws again instead of failing")
    func reissueRetriesAfterRacingCreate() throws {
        let database = try MigratedDatabase()
        let invite = try NewInvite(InviteDraft(familyID: "f", familyName: "Family"))
        // Hashes under the same secret as InviteStoreTests' stores, with random codes.
        let random = InviteStore(secret: Array(repeating: 3, count: 32), codeLength: 6, webhookMaxAttempts: 1)
        let reissued = try database.connection.transaction { try random.create(invite, createdBy: nil, on: $0) }

        // The creator and the reissuer both draw the same first code; the reissuer then a fresh one.
        let creator = try PostgresConnection(database.conninfo)
        defer { creator.close() }
        try creator.runScript("BEGIN")
        let created = try InviteStoreTests.store(repeating: 1).create(invite, createdBy: nil, on: creator)

        let reissuer = InviteStoreTests.store(repeating: 1)
        let conninfo = database.conninfo
        let id = reissued.invite.id
        let outcome = Mutex<Result<CreatedInvite, any Error>?>(nil)
        let done = onThread {
            let result = Result { () throws -> CreatedInvite in
                let connection = try PostgresConnection(conninfo)
                defer { connection.close() }
                return try connection.transaction { try reissuer.reissue(id: id, on: $0) }
            }
            outcome.withLock { $0 = result }
        }
        // The reissue's update waits on the unique index for the creator's uncommitted row.
        #expect(
            try eventually {
                try database.connection.query(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")[0]
                    .decode(Int.self, at: 0) == 1
            })
        try creator.runScript("COMMIT")
        done.wait()

        let answer = try #require(try outcome.withLock { $0 }?.get())
        #expect(answer.invite.id == id && answer.code != created.code && answer.code != reissued.code)
        let codes = try database.connection.query(
            "SELECT count(DISTINCT code_hash), count(*) FROM baton.invites")[0]
        #expect(try codes.decode(Int.self, at: 0) == 2 && codes.decode(Int.self, at: 1) == 2)
        #expect(
            try database.connection.query("SELECT count(*) FROM baton.events WHERE type = 'invite.reissued' AND invite_id = $1", [id])[
                0
            ].decode(Int.self, at: 0) == 1)
        #expect(
            try database.connection.query("SELECT count(*) FROM baton.retired_credentials WHERE invite_id = $1", [id])[0]
                .decode(Int.self, at: 0) == 2)
    }
}
