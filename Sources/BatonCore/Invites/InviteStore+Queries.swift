import Foundation
import Postgres

extension InviteStore {
    /// The invite with `id` and its redemptions, oldest first.
    /// - Throws: `InviteError.notFound`, or the database's error.
    public func detail(id: UUID, on connection: PostgresConnection) throws -> InviteDetail {
        guard let row = try connection.query(Self.selectDetail, [id]).first else { throw InviteError.notFound }
        let ids: [UUID] = try row.decode("redemption_ids")
        let redeemers: [String] = try row.decode("redeemer_ids")
        let channels: [String] = try row.decode("redemption_channels")
        let times: [Date] = try row.decode("redeemed_ats")
        let redemptions = zip(zip(ids, redeemers), zip(channels, times)).map { person, arrival in
            InviteRedemption(id: person.0, redeemerID: person.1, channel: arrival.0, redeemedAt: arrival.1)
        }
        return InviteDetail(invite: try InviteRow.invite(row), redemptions: redemptions)
    }

    /// One page of invites, newest first (`created_at`, then `id`), after
    /// `query.after` when given; keyset pagination, so pages stay stable and
    /// cheap however deep the client reads.
    public func list(_ query: InviteQuery, on connection: PostgresConnection) throws -> InvitePage {
        let limit = min(max(query.limit, InviteQuery.limitRange.lowerBound), InviteQuery.limitRange.upperBound)
        let rows = try connection.query(
            Self.selectPage,
            [
                query.familyID, query.state?.rawValue, query.after?.createdMicros, query.after?.id, limit + 1, query.inviterID,
            ])
        var invites = try rows.map(InviteRow.invite)
        var next: InviteCursor?
        if invites.count > limit {
            invites.removeLast()
            next = invites.last.map { InviteCursor(createdMicros: $0.createdMicros, id: $0.id) }
        }
        return InvitePage(invites: invites, next: next)
    }

    /// Revokes the invite with `id`. The first revoke of a live invite sets
    /// `revoked` and, in the caller's transaction, records `invite.revoked`
    /// with its webhook job (the outbox); revoking again, or revoking an
    /// invite that is already final (used up, expired — even before the
    /// sweep marks it — or revoked), changes nothing and writes nothing.
    /// - Returns: the invite as it now is, and whether this call revoked it.
    /// - Throws: `InviteError.notFound`, or the database's error.
    public func revoke(id: UUID, on connection: PostgresConnection) throws -> (invite: InviteDetail, revoked: Bool) {
        let revoked = try connection.query(Self.revokeStatement, [id]).first.map(InviteRow.invite)
        if let revoked {
            try OutboxEvents.record(
                .inviteRevoked, inviteID: revoked.id, familyID: revoked.familyID, maxAttempts: webhookMaxAttempts, on: connection
            )
        }
        return (try detail(id: id, on: connection), revoked != nil)
    }

    /// The invite's columns, then its redemptions as one array per column,
    /// in the same order (oldest first).
    static let selectDetail = PostgresStatement(
        name: "invites_detail",
        sql: """
            SELECT \(InviteRow.columns), r.redemption_ids, r.redeemer_ids, r.redemption_channels, r.redeemed_ats
            FROM baton.invites i
            CROSS JOIN LATERAL (
                SELECT coalesce(array_agg(id ORDER BY redeemed_at, id), '{}') AS redemption_ids,
                       coalesce(array_agg(redeemer_id ORDER BY redeemed_at, id), '{}') AS redeemer_ids,
                       coalesce(array_agg(channel ORDER BY redeemed_at, id), '{}') AS redemption_channels,
                       coalesce(array_agg(redeemed_at ORDER BY redeemed_at, id), '{}') AS redeemed_ats
                FROM baton.redemptions WHERE invite_id = i.id
            ) AS r
            WHERE i.id = $1
            """)

    static let selectPage = PostgresStatement(
        name: "invites_page",
        sql: """
            SELECT \(InviteRow.columns) FROM baton.invites
            WHERE ($1::text IS NULL OR family_id = $1::text)
              AND ($2::text IS NULL OR (CASE WHEN state = 'active' AND expires_at <= now() THEN 'expired' ELSE state END) = $2::text)
              AND ($3::bigint IS NULL
                   OR (created_at, id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::uuid))
              AND ($6::text IS NULL OR inviter_id = $6::text)
            ORDER BY created_at DESC, id DESC
            LIMIT $5
            """)

    /// Only a live invite changes; the row lock makes a concurrent second
    /// revoke wait, re-check `state` and match nothing.
    ///
    /// `finalized_at` is `clock_timestamp()`, evaluated for the row once its
    /// lock is held, not `now()`: `now()` is when the revoke's transaction
    /// began, which can precede redemptions that committed before this
    /// statement locked the row, and a revoke must never be dated before
    /// uses it let through.
    static let revokeStatement = PostgresStatement(
        name: "invites_revoke",
        sql: """
            UPDATE baton.invites SET state = 'revoked', finalized_at = clock_timestamp()
            WHERE id = $1 AND state = 'active' AND expires_at > now()
            RETURNING \(InviteRow.columns)
            """)
}
