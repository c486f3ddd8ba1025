import BatonLinks
import Foundation
import Postgres

extension InviteStore {
    /// Gives the active invite with `id` a fresh code and token, in the
    /// caller's transaction, and records `invite.reissued` (with its webhook
    /// job). The id, counts, metadata and history stay; the old code and
    /// token are retired in the same transaction (`baton.retired_credentials`),
    /// so once it commits their previews, invocations and redemptions, and
    /// the handoffs minted for them (which carry the old credential), answer
    /// `invite_reissued`. A redemption of the old credential waiting for the
    /// invite's row lock re-checks the credential on the newest row
    /// (`RedemptionStore`), so none is accepted after the reissue.
    ///
    /// A fresh code that an invite already holds (likely only for short
    /// codes) changes nothing and is drawn again, up to ``insertAttempts`` rounds,
    /// as `create` does. So is one that a concurrent create or reissue wrote
    /// but had not committed when the statement's snapshot was taken: the
    /// statement then meets the unique index, and only that statement is
    /// rolled back (to a savepoint), not the caller's transaction.
    /// - Returns: the invite with its new credentials: the only time they exist in plaintext.
    /// - Throws: `InviteError.notFound`, `.notActive`, `.codeSpaceExhausted`, or the database's error.
    public func reissue(id: UUID, on connection: PostgresConnection) throws -> CreatedInvite {
        guard let row = try connection.query(Self.lockForChange, [id]).first else { throw InviteError.notFound }
        let old = try InviteRow.invite(row)
        guard old.state == .active, old.expiresAt > (try row.decode(Date.self, "locked_at")) else { throw InviteError.notActive }
        for _ in 0..<Self.insertAttempts {
            let code = try makeCode(codeLength)
            let token = LinkToken.generate()
            let rows = try Self.unlessRaced(on: connection) {
                try connection.query(Self.reissueStatement, [id, Data(codeHasher.hash(code.text)), Data(tokenHasher.hash(token.text))])
            }
            if let updated = try rows?.first.map(InviteRow.invite) {
                try OutboxEvents.record(
                    .inviteReissued, inviteID: id, familyID: updated.familyID, maxAttempts: webhookMaxAttempts, on: connection)
                return CreatedInvite(invite: updated, code: code, token: token)
            }
        }
        throw InviteError.codeSpaceExhausted
    }

    /// `statement`'s rows, or nil when it met the unique index (a racing
    /// writer committed the same hash first), with the transaction as it was before it.
    private static func unlessRaced(on connection: PostgresConnection, _ statement: () throws -> PostgresRows) throws -> PostgresRows? {
        try connection.runScript("SAVEPOINT invite_reissue")
        do {
            let rows = try statement()
            try connection.runScript("RELEASE SAVEPOINT invite_reissue")
            return rows
        } catch let error as PostgresError where error.code == .uniqueViolation {
            try connection.runScript("ROLLBACK TO SAVEPOINT invite_reissue")
            return nil
        }
    }

    /// Parameters: $1 the invite (locked by the caller), $2 and $3 the new
    /// code and token hashes. No row when an invite already holds either
    /// hash. The old hashes are retired by the same statement; a hash retired
    /// before (a fresh code that matched a long-retired one) now names this invite.
    static let reissueStatement = PostgresStatement(
        name: "invites_reissue",
        sql: """
            WITH old AS (
                SELECT id, code_hash, token_hash FROM baton.invites WHERE id = $1
            ), updated AS (
                UPDATE baton.invites SET code_hash = $2::bytea, token_hash = $3::bytea
                WHERE id = $1
                  AND NOT EXISTS (SELECT 1 FROM baton.invites WHERE code_hash = $2::bytea OR token_hash = $3::bytea)
                RETURNING \(InviteRow.columns)
            ), retired AS (
                INSERT INTO baton.retired_credentials (credential_hash, invite_id)
                SELECT hash, old.id FROM old CROSS JOIN updated CROSS JOIN LATERAL unnest(ARRAY[old.code_hash, old.token_hash]) AS hash
                ON CONFLICT (credential_hash) DO UPDATE SET invite_id = excluded.invite_id, retired_at = now()
            )
            SELECT * FROM updated
            """)
}
