import Postgres

extension RedemptionStore {
    /// The redemption by link token; `package` so `baton-bench api` can run
    /// the very same SQL under `pgbench` as the ceiling.
    package static let redeemByToken = PostgresStatement(name: "redeem_by_token", sql: redeemSQL(hashColumn: "token_hash"))
    static let redeemByCode = PostgresStatement(name: "redeem_by_code", sql: redeemSQL(hashColumn: "code_hash"))
    /// The preview by link token; `package` for the benchmark, as ``redeemByToken``.
    package static let previewByToken = PostgresStatement(name: "preview_by_token", sql: previewSQL(hashColumn: "token_hash"))
    static let previewByCode = PostgresStatement(name: "preview_by_code", sql: previewSQL(hashColumn: "code_hash"))
    static let inviteByToken = PostgresStatement(name: "invite_by_token", sql: inviteSQL(hashColumn: "token_hash"))
    static let inviteByCode = PostgresStatement(name: "invite_by_code", sql: inviteSQL(hashColumn: "code_hash"))

    /// The whole redemption in one statement. Parameters: $1 credential hash,
    /// $2 redeemer id, $3 channel, $4 handoff id (or NULL), $5 webhook job
    /// kind, $6 webhook max attempts, $7 the keyed hashes of the redeemer's
    /// identities (``Invitee/hash(with:)``; a bound invite needs its own among
    /// them), $8 the redeemer id's erased form (an erased family's receipts
    /// name the redeemer so), or NULL, $9 the `traceparent` the webhook jobs
    /// continue (the request's span), or NULL. With $8 NULL, an erased family's invite
    /// answers `erased` and changes nothing, and the caller asks again with
    /// the form. One row: `outcome` (a
    /// ``RedemptionStore/Outcome``), then the receipt's columns
    /// (`redemption_id`, `invite_id`, `family_id`, `family_name`,
    /// `redeemer_id`, `channel`, `redeemed_at`, `uses_left`, and the invite's
    /// `metadata`, `inviter_id`, `inviter_name`, `source`, `campaign`) for
    /// `redeemed` and `replayed`.
    ///
    /// `contended`: the invite was live in this statement's snapshot, but a
    /// redemption that committed while this one waited for the row lock took
    /// its last use, or a reissue retired the credential (the update re-checks
    /// the hash on the newest row version, so no old credential redeems after
    /// a reissue). That redemption may be this redeemer's own twin request,
    /// which the snapshot cannot see; only a new statement can tell a replay
    /// from `used_up`.
    ///
    /// The event's data carries what a backend acts on without a second
    /// call: the invite's family, inviter and metadata, the redemption and
    /// the uses left (docs/webhooks.md). The webhook jobs (one per matching
    /// endpoint) carry `{"event_id", "endpoint_id"}`, as `OutboxEvents.record`
    /// writes them; the delivery builds the body from the event row.
    private static func redeemSQL(hashColumn: String) -> String {
        """
        WITH target AS (
            SELECT id, family_id, family_name, state, expires_at <= now() AS past_expiry, metadata,
                   inviter_id, inviter_name, source, campaign, erased_at IS NOT NULL AS erased,
                   invitee_hash IS NULL OR invitee_hash = ANY($7::bytea[]) AS invitee_matches,
                   allow_self_redemption OR inviter_id IS DISTINCT FROM $2::text AS not_self
            FROM baton.invites WHERE \(hashColumn) = $1::bytea
        ), prior AS (
            SELECT r.id, r.redeemer_id, r.channel, r.redeemed_at, r.uses_left
            FROM baton.redemptions r JOIN target t ON r.invite_id = t.id
            WHERE r.redeemer_id = CASE WHEN t.erased THEN $8::text ELSE $2::text END
        ), spent AS (
            SELECT true AS used FROM baton.redemptions WHERE handoff_id = $4::text LIMIT 1
        ), bumped AS (
            UPDATE baton.invites i
            SET redemption_count = i.redemption_count + 1,
                state = CASE WHEN i.redemption_count + 1 = i.max_redemptions THEN 'used_up' ELSE i.state END,
                finalized_at = CASE WHEN i.redemption_count + 1 = i.max_redemptions THEN now() ELSE i.finalized_at END
            FROM target t
            WHERE i.id = t.id AND i.\(hashColumn) = $1::bytea AND i.state = 'active' AND now() < i.expires_at
              AND i.redemption_count < i.max_redemptions
              AND t.invitee_matches AND t.not_self AND NOT (t.erased AND $8::text IS NULL)
              AND NOT EXISTS (SELECT 1 FROM prior) AND NOT EXISTS (SELECT 1 FROM spent)
            RETURNING i.id, i.family_id, i.max_redemptions - i.redemption_count AS uses_left
        ), redemption AS (
            INSERT INTO baton.redemptions (invite_id, redeemer_id, channel, handoff_id, uses_left)
            SELECT id, $2::text, $3::text, $4::text, uses_left FROM bumped
            RETURNING id, invite_id, channel, redeemed_at, uses_left
        ), event AS (
            INSERT INTO baton.events (type, invite_id, family_id, channel, data)
            SELECT 'invite.redeemed', r.invite_id, b.family_id, r.channel,
                   jsonb_build_object('invite_id', r.invite_id, 'family_id', b.family_id, 'family_name', t.family_name,
                                      'inviter_id', t.inviter_id, 'inviter_name', t.inviter_name, 'metadata', t.metadata,
                                      'redemption_id', r.id, 'redeemer_id', $2::text, 'channel', r.channel,
                                      'uses_left', r.uses_left, 'redeemed_at', baton.api_timestamp(r.redeemed_at))
            FROM redemption r JOIN bumped b ON b.id = r.invite_id JOIN target t ON t.id = r.invite_id
            RETURNING event_id
        ), job AS (
            INSERT INTO baton.jobs (kind, args, max_attempts, traceparent)
            SELECT $5::text, jsonb_build_object('event_id', event.event_id, 'endpoint_id', endpoint.id), $6::int, $9::text
            FROM event JOIN baton.webhook_endpoints AS endpoint ON \(OutboxEvents.matching(type: "'invite.redeemed'"))
        )
        SELECT CASE
                 WHEN r.id IS NOT NULL THEN 'redeemed'
                 WHEN p.id IS NOT NULL THEN 'replayed'
                 WHEN t.id IS NULL THEN 'not_found'
                 WHEN t.erased AND $8::text IS NULL THEN 'erased'
                 WHEN NOT t.invitee_matches THEN 'invitee_mismatch'
                 WHEN NOT t.not_self THEN 'self_redemption'
                 WHEN s.used THEN 'handoff_already_used'
                 WHEN t.state = 'revoked' THEN 'revoked'
                 WHEN t.state = 'used_up' THEN 'used_up'
                 WHEN t.state = 'expired' OR t.past_expiry THEN 'expired'
                 ELSE 'contended'
               END AS outcome,
               coalesce(r.id, p.id) AS redemption_id, t.id AS invite_id, t.family_id, t.family_name,
               coalesce(p.redeemer_id, $2::text) AS redeemer_id,
               coalesce(r.channel, p.channel) AS channel, coalesce(r.redeemed_at, p.redeemed_at) AS redeemed_at,
               coalesce(r.uses_left, p.uses_left) AS uses_left,
               t.metadata::text AS metadata, t.inviter_id, t.inviter_name, t.source, t.campaign
        FROM (SELECT) AS one
        LEFT JOIN target t ON true
        LEFT JOIN prior p ON true
        LEFT JOIN spent s ON true
        LEFT JOIN redemption r ON true
        """
    }

    /// The preview lookup, recording the first preview of a live invite
    /// (`first_previewed_at IS NULL` re-checked under the row lock, so one
    /// write and one event per invite at most). Parameters: $1 credential
    /// hash, $2 channel. No row when nothing matches.
    private static func previewSQL(hashColumn: String) -> String {
        """
        WITH target AS (
            \(inviteSQL(hashColumn: hashColumn))
        ), first_preview AS (
            UPDATE baton.invites i SET first_previewed_at = now()
            FROM target t
            WHERE i.id = t.id AND t.first_previewed_at IS NULL AND i.first_previewed_at IS NULL
              AND t.state = 'active' AND NOT t.past_expiry
            RETURNING i.id, i.family_id
        ), event AS (
            INSERT INTO baton.events (type, invite_id, family_id, channel)
            SELECT 'invite.previewed', id, family_id, $2::text FROM first_preview
        )
        SELECT id, family_id, family_name, inviter_name, state, expires_at, uses_left, past_expiry, for_specific_person,
               source, campaign, locale
        FROM target
        """
    }

    /// The invite's preview columns, read only. Parameter: $1 credential hash.
    private static func inviteSQL(hashColumn: String) -> String {
        """
        SELECT id, family_id, family_name, inviter_name, state, expires_at,
               max_redemptions - redemption_count AS uses_left, expires_at <= now() AS past_expiry, first_previewed_at,
               invitee_hash IS NOT NULL AS for_specific_person, source, campaign, locale
        FROM baton.invites WHERE \(hashColumn) = $1::bytea
        """
    }
}
