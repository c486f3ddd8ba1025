import BatonCore
import BatonLinks
import Foundation
import Postgres

/// An invite written straight into the test database, with its plaintext
/// credentials (the API half creates invites through HTTP; these tests only
/// need rows to redeem).
struct TestInvite: Sendable {
    let id: UUID
    let token: LinkToken
    let code: InviteCode
}

extension TestApp {
    /// Inserts `count` active invites in one statement, each with fresh
    /// credentials, expiring `ttlSeconds` after the database's `now()`.
    func makeInvites(
        _ count: Int = 1, familyName: String = "The Okafor family", inviterName: String? = "Ada",
        maxRedemptions: Int = 1, ttlSeconds: Double = 3600
    ) throws -> [TestInvite] {
        let secret = app.configuration.secretKey
        let codeHasher = KeyedHasher(secret: secret, purpose: .inviteCode)
        let tokenHasher = KeyedHasher(secret: secret, purpose: .linkToken)
        let credentials = try (0..<count).map { _ in
            (LinkToken.generate(), try InviteCode.generate(length: app.configuration.links.codeLength))
        }
        let ids = try withConnection { connection in
            try connection.query(
                Self.insertInvites,
                [
                    credentials.map { Sodium.hex(codeHasher.hash($0.1.text)) },
                    credentials.map { Sodium.hex(tokenHasher.hash($0.0.text)) },
                    familyName, inviterName, Int32(maxRedemptions), ttlSeconds,
                ]
            ).map { try $0.decode(UUID.self, at: 0) }
        }
        return zip(ids, credentials).map { TestInvite(id: $0, token: $1.0, code: $1.1) }
    }

    /// One invite; see ``makeInvites(_:familyName:inviterName:maxRedemptions:ttlSeconds:)``.
    func makeInvite(
        familyName: String = "The Okafor family", inviterName: String? = "Ada", maxRedemptions: Int = 1, ttlSeconds: Double = 3600
    ) throws -> TestInvite {
        try makeInvites(1, familyName: familyName, inviterName: inviterName, maxRedemptions: maxRedemptions, ttlSeconds: ttlSeconds)[0]
    }

    /// Sets an invite's state, as a revoke or the expiry sweep would.
    func setState(_ state: String, of invite: TestInvite) throws {
        _ = try withConnection {
            try $0.query("UPDATE baton.invites SET state = $2, finalized_at = now() WHERE id = $1", [invite.id, state])
        }
    }

    /// The number of rows `sql` (a `SELECT count(*)`) counts.
    func count(_ sql: String, _ parameters: [any PostgresBindable] = []) throws -> Int {
        try withConnection { try $0.query(sql, parameters)[0].decode(Int.self, at: 0) }
    }

    private static let insertInvites = """
        INSERT INTO baton.invites (family_id, family_name, inviter_name, code_hash, token_hash, max_redemptions, expires_at)
        SELECT 'fam-' || n, $3, $4, decode(code_hex, 'hex'), decode(token_hex, 'hex'), $5, now() + make_interval(secs => $6)
        FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(code_hex, token_hex, n)
        ORDER BY n
        RETURNING id
        """
}
