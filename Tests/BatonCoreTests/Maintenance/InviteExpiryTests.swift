import BatonCore
import Foundation
import Postgres
import Testing

@Suite("InviteExpiry")
struct InviteExpiryTests {
    @Test("the sweep expires 100,000 due invites in bounded batches, each with one event and one webhook job")
    func sweepsOneHundredThousand() throws {
        let db = try QueueDatabase()
        try db.insertDueInvites(100_000)
        try db.connection.query("""
            INSERT INTO baton.invites (family_id, family_name, code_hash, token_hash, expires_at)
            VALUES ('family-live', 'Live', sha256('live-c'::bytea), sha256('live-t'::bytea), now() + interval '1 day')
            """)
        var batches: [Int] = []
        while true {
            let expired = try InviteExpiry.expireDue(limit: 20_000, on: db.connection)
            batches.append(expired)
            if expired < 20_000 { break }
        }
        #expect(batches == [20_000, 20_000, 20_000, 20_000, 20_000, 0])
        let row = try db.connection.query("""
            SELECT (SELECT count(*) FROM baton.invites WHERE state = 'expired' AND finalized_at IS NOT NULL),
                   (SELECT count(*) FROM baton.invites WHERE state = 'active'),
                   (SELECT count(DISTINCT invite_id) FROM baton.events WHERE type = 'invite.expired'),
                   (SELECT count(*) FROM baton.jobs WHERE kind = 'webhook.deliver' AND args #>> '{event,type}' = 'invite.expired')
            """)[0]
        #expect(try row.decode(Int.self, at: 0) == 100_000)
        #expect(try row.decode(Int.self, at: 1) == 1)
        #expect(try row.decode(Int.self, at: 2) == 100_000)
        #expect(try row.decode(Int.self, at: 3) == 100_000)
    }

    @Test("idempotency records are kept at least 24 hours whatever the retention asked")
    func idempotencyRetentionFloor() throws {
        let db = try QueueDatabase()
        let key: UUID = try db.connection.query("""
            INSERT INTO baton.api_keys (public_id, key_hash, name, scopes)
            VALUES ('k1', sha256('k'::bytea), 'test', ARRAY['admin']) RETURNING id
            """)[0].decode(at: 0)
        try db.connection.query("""
            INSERT INTO baton.idempotency_keys (api_key_id, key, request_hash, created_at)
            VALUES ($1, 'recent', '\\x00', now() - interval '2 hours'), ($1, 'old', '\\x00', now() - interval '25 hours')
            """, [key])
        #expect(try RetentionCleanup.deleteIdempotencyKeys(olderThan: .seconds(60), on: db.connection) == 1)
        let left: String = try db.connection.query("SELECT key FROM baton.idempotency_keys")[0].decode(at: 0)
        #expect(left == "recent")
    }
}
