import Postgres

extension FamilyEraser {
    /// Event data members that hold personal data; `redeemer_id` is put back
    /// in its erased form from the event's redemption.
    static let erasedDataKeys = ["family_name", "inviter_id", "inviter_name", "metadata", "invitee", "redeemer_id"]

    /// Locks every invite of the family first, so that no change of one
    /// (a redemption, a revoke, an update) commits between the steps.
    /// Parameter: $1 family id.
    static let lockFamily = PostgresStatement(
        name: "family_lock",
        sql: """
            SELECT count(*)::int8 AS invites FROM (SELECT 1 FROM baton.invites WHERE family_id = $1 FOR UPDATE) AS locked
            """)

    /// Revokes the family's live invites, each with its `invite.revoked`
    /// event (counted by the funnel; the one webhook is `family.erased`),
    /// dated under the row locks as a single revoke is. Returns the count
    /// and the erasure's time.
    static let revokeFamily = PostgresStatement(
        name: "family_revoke",
        sql: """
            WITH revoked AS (
                UPDATE baton.invites SET state = 'revoked', finalized_at = clock_timestamp()
                WHERE family_id = $1 AND state = 'active' AND expires_at > now()
                RETURNING id, family_id
            ), event AS (
                INSERT INTO baton.events (type, invite_id, family_id, data, occurred_at)
                SELECT 'invite.revoked', id, family_id, jsonb_build_object('invite_id', id, 'family_id', family_id), clock_timestamp()
                FROM revoked
            )
            SELECT (SELECT count(*) FROM revoked)::int8 AS revoked, clock_timestamp() AS erased_at
            """)

    /// The next invites of the family not erased yet. $1 family id, $2 limit.
    static let pendingInvites = PostgresStatement(
        name: "family_pending_invites",
        sql: "SELECT id FROM baton.invites WHERE family_id = $1 AND erased_at IS NULL LIMIT $2")

    /// The redemptions of the invites in $1.
    static let redemptionsOf = PostgresStatement(
        name: "family_redemptions",
        sql: "SELECT id, redeemer_id FROM baton.redemptions WHERE invite_id = ANY($1::uuid[])")

    /// $1 redemption ids, $2 their erased redeemer ids.
    static let eraseRedemptions = PostgresStatement(
        name: "family_erase_redemptions",
        sql: """
            UPDATE baton.redemptions r SET redeemer_id = x.erased
            FROM unnest($1::uuid[], $2::text[]) AS x(id, erased)
            WHERE r.id = x.id
            """)

    /// The invites in $1, erased, with their journey's stage marks; no
    /// indexed column of the invites changes.
    static let eraseInvites = PostgresStatement(
        name: "family_erase_invites",
        sql: """
            WITH marks AS (DELETE FROM baton.invite_stages WHERE invite_id = ANY($1::uuid[]))
            UPDATE baton.invites
            SET family_name = '\(erasedFamilyName)', inviter_id = NULL, inviter_name = NULL, metadata = '{}',
                invitee_kind = NULL, invitee_hash = NULL, invitee_hint = NULL, erased_at = clock_timestamp()
            WHERE id = ANY($1::uuid[])
            """)

    /// The family's events without the members in $2, `redeemer_id` put
    /// back from the (already erased) redemption the event names; webhook
    /// jobs ($3 their kind) that carry a copy of such an event's body read
    /// it from the erased row instead; and the delivery log keeps no answer
    /// bytes of the family's events, which a receiver that echoes the body
    /// back would have filled with its names, metadata and redeemer ids (the
    /// rest of each entry, status and times, stays). Every entry is marked
    /// `answer_erased`, those of deliveries still in flight too, so their
    /// completion stores no answer either (`Migrations/0038_delivery_answer_erased.sql`).
    /// The log is read from the family's first invite on, through its
    /// `attempted_at` index: no delivery of the family's events is older.
    /// Returns the events changed.
    static let eraseEvents = PostgresStatement(
        name: "family_erase_events",
        sql: """
            WITH erased AS (
                UPDATE baton.events e
                SET data = (e.data - $2::text[]) || jsonb_strip_nulls(jsonb_build_object('redeemer_id', (
                    SELECT r.redeemer_id FROM baton.redemptions r
                    WHERE e.data->>'redemption_id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                      AND r.id = (e.data->>'redemption_id')::uuid)))
                WHERE e.family_id = $1 AND e.data ?| $2::text[]
                RETURNING 1
            ), jobs AS (
                UPDATE baton.jobs SET args = (args - 'event') || jsonb_build_object('event_id', args->'event'->>'id')
                WHERE kind = $3 AND args ? 'event' AND args->'event'->'data'->>'family_id' = $1
            ), deliveries AS (
                UPDATE baton.webhook_deliveries SET response_prefix = NULL, answer_erased = true
                WHERE NOT answer_erased
                  AND attempted_at >= (SELECT min(created_at) FROM baton.invites WHERE family_id = $1)
                  AND event_id IN (SELECT event_id FROM baton.events WHERE family_id = $1)
            )
            SELECT count(*)::int8 AS events FROM erased
            """)
}
