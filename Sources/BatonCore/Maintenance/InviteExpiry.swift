import Postgres

/// The expiry sweep: invites past `expires_at` (by the database's clock)
/// become `expired`, set-wise.
public enum InviteExpiry {
    /// Expires up to `limit` due invites in one statement: each gets
    /// `state = 'expired'` and `finalized_at`, an `invite.expired` event row
    /// and an `invite.expired` webhook job, all in the statement's one
    /// transaction. Invites locked by a concurrent redemption are skipped
    /// (`SKIP LOCKED`) and picked up by the next batch.
    /// - Parameter webhookMaxAttempts: attempts of each webhook job.
    /// - Returns: how many invites were expired; call again while it equals `limit`.
    public static func expireDue(
        limit: Int = 5_000, webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts,
        on connection: PostgresConnection
    ) throws(JobQueueError) -> Int {
        try JobQueueError.wrapping { () throws(PostgresError) in
            try connection.query(expireStatement, [max(1, limit), Int32(clamping: webhookMaxAttempts), OutboxEvents.webhookKind])
                .affectedRows
        }
    }

    /// The events carry the invite's id, family and `expires_at`; the jobs
    /// carry the webhook body built by `baton.webhook_body`. The locked rows
    /// are updated by `ctid` (a TID scan): joining on `id` made the planner
    /// hash the whole invites table for every batch. Webhook jobs get no
    /// unique key: each event id is new, and the key's index was the
    /// sweep's single largest cost after the invite update.
    static let expireStatement = PostgresStatement(name: "invites_expire_due", sql: """
        WITH due AS (
            SELECT ctid FROM baton.invites
            WHERE state = 'active' AND expires_at <= now()
            ORDER BY expires_at
            LIMIT $1
            FOR UPDATE SKIP LOCKED
        ), expired AS (
            UPDATE baton.invites SET state = 'expired', finalized_at = now()
            WHERE ctid = ANY(ARRAY(SELECT ctid FROM due))
            RETURNING id, family_id, expires_at
        ), event AS (
            INSERT INTO baton.events (type, invite_id, family_id, data)
            SELECT 'invite.expired', id, family_id, jsonb_build_object(
                'invite_id', id, 'family_id', family_id,
                'expires_at', to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
            FROM expired
            RETURNING event_id, type, occurred_at, data
        )
        INSERT INTO baton.jobs (kind, args, max_attempts)
        SELECT $3, jsonb_build_object('event', baton.webhook_body(event_id, type, occurred_at, data)), $2
        FROM event
        """)
}
