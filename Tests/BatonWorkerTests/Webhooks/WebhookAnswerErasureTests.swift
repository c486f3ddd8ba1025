import BatonCore
import BatonTestSupport
import Foundation
import Postgres
import Testing

@testable import BatonWorker

/// The delivery log keeps no answer of a family erased by the time the
/// answer is written, even for an attempt that began after the erasure
/// marked the in-flight entries (a job claimed before it, its body in its
/// args, begun after it): such an entry has no `answer_erased` mark.
@Suite("A delivery answer after an erasure", .timeLimit(.minutes(10)))
struct WebhookAnswerErasureTests {
    /// An attempt begun now for a fresh event of a new family, and its log id.
    static func begunAttempt(on db: MigratedDatabase, family: String) throws -> Int64 {
        let (endpoint, _) = try db.addWebhookEndpoint()
        let invite: UUID = try db.connection.query(
            """
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ($1, 'Household Zed', sha256(gen_random_uuid()::text::bytea), sha256(gen_random_uuid()::text::bytea), now() + interval '1 day')
            RETURNING id
            """, [family])[0].decode(at: 0)
        let event = try OutboxEvents.record(.inviteRevoked, inviteID: invite, familyID: family, on: db.connection)
        return try db.connection.query(
            """
            INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, job_id, attempt, attempted_at)
            SELECT $1, $2, id, 1, clock_timestamp() FROM baton.jobs WHERE args->>'event_id' = $2::text AND args->>'endpoint_id' = $1::text
            RETURNING id
            """, [endpoint.id, event])[0].decode(Int64.self, at: 0)
    }

    /// Writes an echoing 200 answer for `logID` with the worker's finish statement; the stored answer.
    static func finish(_ logID: Int64, on db: MigratedDatabase) throws -> Data? {
        try db.connection.query(
            WebhookEvents.finishStatement,
            [
                [logID], [12.5], [Int32?(200)], [String?.none], [true], [Data(#"{"family_name":"Household Zed"}"#.utf8)], [Date()],
                [3600.0], WebhookEndpoint.autoDisabledReason,
            ])
        return try db.connection.query("SELECT response_prefix FROM baton.webhook_deliveries WHERE id = $1", [logID])[0].decode(at: 0)
    }

    @Test("an answer of a family not erased is kept")
    func keepsTheAnswerOfALiveFamily() throws {
        let db = try MigratedDatabase()
        let logID = try Self.begunAttempt(on: db, family: "fam-live")
        #expect(try Self.finish(logID, on: db).map { String(decoding: $0, as: UTF8.self) }?.contains("Household Zed") == true)
    }

    @Test("an answer arriving after the family's erasure, for an attempt begun after its marks, keeps nothing")
    func dropsTheAnswerOfAnErasedFamily() throws {
        let db = try MigratedDatabase()
        let logID = try Self.begunAttempt(on: db, family: "fam-erased")
        try db.connection.query("UPDATE baton.invites SET erased_at = now() WHERE family_id = 'fam-erased'")
        #expect(
            try db.connection.query("SELECT answer_erased FROM baton.webhook_deliveries WHERE id = $1", [logID])[0].decode(Bool.self, at: 0)
                == false)
        #expect(try Self.finish(logID, on: db) == nil)
    }
}
