import BatonLinks
import Foundation
import Postgres

/// Creates, reads, lists and revokes invites in `baton.invites`.
///
/// Methods run on the connection they are given, so the caller chooses the
/// transaction (the API wraps each request in one, with its idempotency
/// record). Codes and tokens are stored only as keyed hashes: the code hash
/// is the HMAC of ``InviteCode/text`` (its canonical form), the token hash
/// the HMAC of ``LinkToken/text``, with the purposes `.inviteCode` and
/// `.linkToken`; whoever looks an invite up by credential hashes the same way.
public struct InviteStore: Sendable {
    /// Invites one batch may create.
    public static let batchLimit = 1000
    /// Rounds of fresh credentials tried when codes collide with stored ones.
    static let insertAttempts = 8

    let codeHasher: KeyedHasher
    let tokenHasher: KeyedHasher
    let inviteeHasher: KeyedHasher
    /// Characters of generated codes.
    public let codeLength: Int

    /// Delivery attempts of the `invite.revoked` webhook job.
    public let webhookMaxAttempts: Int
    /// Makes a fresh code of the given length; tests substitute colliding ones.
    let makeCode: @Sendable (Int) throws(CredentialError) -> InviteCode

    /// A store hashing under `secret` (the `BATON_SECRET_KEY` bytes),
    /// generating codes of `codeLength` characters (``InviteCode/allowedLengths``)
    /// and enqueuing webhooks with `webhookMaxAttempts` (`BATON_WEBHOOK_MAX_ATTEMPTS`).
    public init(
        secret: [UInt8], codeLength: Int = InviteCode.defaultLength,
        webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts
    ) {
        self.init(secret: secret, codeLength: codeLength, webhookMaxAttempts: webhookMaxAttempts) { length throws(CredentialError) in
            try InviteCode.generate(length: length)
        }
    }

    init(
        secret: [UInt8], codeLength: Int, webhookMaxAttempts: Int,
        makeCode: @escaping @Sendable (Int) throws(CredentialError) -> InviteCode
    ) {
        self.makeCode = makeCode
        self.codeHasher = KeyedHasher(secret: secret, purpose: .inviteCode)
        self.tokenHasher = KeyedHasher(secret: secret, purpose: .linkToken)
        self.inviteeHasher = KeyedHasher(secret: secret, purpose: .invitee)
        self.codeLength = codeLength
        self.webhookMaxAttempts = webhookMaxAttempts
    }

    /// Creates one invite and its `invite.created` event.
    /// - Throws: `InviteError.codeSpaceExhausted`, or the database's error.
    public func create(_ invite: NewInvite, createdBy: UUID?, on connection: PostgresConnection) throws -> CreatedInvite {
        try create([invite], createdBy: createdBy, on: connection)[0]
    }

    /// Creates `invites` (at most ``batchLimit``) with one set-wise insert,
    /// each with its `invite.created` event, in the caller's transaction;
    /// the result is in the order given.
    ///
    /// A fresh code or token that collides with a stored hash (likely only
    /// for short codes and many invites) is skipped by `ON CONFLICT DO
    /// NOTHING` and its item retried with new credentials, so a collision
    /// never aborts the transaction.
    /// - Throws: `InviteError.validationFailed` for too many items,
    ///   `.codeSpaceExhausted` after ``insertAttempts`` rounds, or the database's error.
    public func create(_ invites: [NewInvite], createdBy: UUID?, on connection: PostgresConnection) throws -> [CreatedInvite] {
        guard invites.count <= Self.batchLimit else {
            throw InviteError.validationFailed(field: "invites", reason: "must hold at most \(Self.batchLimit) items")
        }
        var created = [CreatedInvite?](repeating: nil, count: invites.count)
        var pending = Array(invites.indices)
        for _ in 0..<Self.insertAttempts where !pending.isEmpty {
            let credentials = try pending.map { _ in (try makeCode(codeLength), LinkToken.generate()) }
            let items = zip(pending, credentials).map { index, credential in
                Item(
                    invite: invites[index], codeHash: Data(codeHasher.hash(credential.0.text)),
                    tokenHash: Data(tokenHasher.hash(credential.1.text)))
            }
            let rows = try connection.query(Self.insert, columns(of: items, createdBy: createdBy))
            // Keyed by token hash: two items of one batch may draw the same short
            // code (one row wins, the other retries), never the same 130-bit token.
            var inserted: [Data: Invite] = [:]
            for row in rows { inserted[try row.decode(Data.self, "token_hash")] = try InviteRow.invite(row) }
            var stillPending: [Int] = []
            for (position, index) in pending.enumerated() {
                if let invite = inserted[items[position].tokenHash] {
                    created[index] = CreatedInvite(invite: invite, code: credentials[position].0, token: credentials[position].1)
                } else {
                    stillPending.append(index)
                }
            }
            pending = stillPending
        }
        guard pending.isEmpty else { throw InviteError.codeSpaceExhausted }
        return created.compactMap { $0 }
    }

    /// One row of the insert's input.
    private struct Item {
        var invite: NewInvite
        var codeHash: Data
        var tokenHash: Data
    }

    /// The items column by column, as ``insert``'s `$1` to `$9`, then `$11` to `$17`.
    private func columns(of items: [Item], createdBy: UUID?) -> [any PostgresBindable] {
        [
            items.map(\.invite.familyID), items.map(\.invite.familyName), items.map(\.invite.inviterID),
            items.map(\.invite.inviterName), items.map(\.codeHash), items.map(\.tokenHash), items.map(\.invite.maxRedemptions),
            items.map(\.invite.metadata), items.map(\.invite.ttlSeconds), createdBy,
            items.map { $0.invite.invitee?.kind.rawValue }, items.map { $0.invite.invitee.map { Data($0.hash(with: inviteeHasher)) } },
            items.map(\.invite.invitee?.hint), items.map(\.invite.allowSelfRedemption), items.map(\.invite.attribution.source),
            items.map(\.invite.attribution.campaign), items.map(\.invite.locale?.tag),
        ]
    }

    /// One statement: the invites (one array per column, `$1` to `$9` and
    /// `$11` to `$17`; `$10` the creating key), then their events from the rows actually
    /// inserted. `package` so the benchmark gives `pgbench` the very same SQL.
    package static let insert = PostgresStatement(
        name: "invites_insert",
        sql: """
            WITH invite AS (
                INSERT INTO baton.invites (family_id, family_name, inviter_id, inviter_name, code_hash, token_hash,
                                           max_redemptions, metadata, created_by, expires_at, invitee_kind, invitee_hash,
                                           invitee_hint, allow_self_redemption, source, campaign, locale)
                SELECT family_id, family_name, inviter_id, inviter_name, code_hash, token_hash,
                       max_redemptions, metadata::jsonb, $10::uuid, now() + make_interval(secs => ttl_seconds), invitee_kind,
                       invitee_hash, invitee_hint, allow_self_redemption, source, campaign, locale
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bytea[], $6::bytea[], $7::int8[],
                            $8::text[], $9::int8[], $11::text[], $12::bytea[], $13::text[], $14::bool[], $15::text[], $16::text[],
                            $17::text[])
                    AS x(family_id, family_name, inviter_id, inviter_name, code_hash, token_hash, max_redemptions,
                         metadata, ttl_seconds, invitee_kind, invitee_hash, invitee_hint, allow_self_redemption, source, campaign,
                         locale)
                ON CONFLICT DO NOTHING
                RETURNING \(InviteRow.columns), token_hash
            ), event AS (
                INSERT INTO baton.events (type, invite_id, family_id)
                SELECT 'invite.created', id, family_id FROM invite
            )
            SELECT * FROM invite
            """)
}
