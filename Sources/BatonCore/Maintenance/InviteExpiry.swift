import JobQueue
import Postgres

/// The expiry sweep: invites past `expires_at` (by the database's clock)
/// become `expired`, set-wise.
public enum InviteExpiry {
    /// What one sweep statement did.
    public struct Batch: Sendable, Equatable {
        /// Deadlines that came due and were taken off `baton.invite_deadlines`.
        public var due: Int
        /// Invites among them that were still `active` and are now `expired`
        /// (each with its event and webhook job); the rest had been used up or revoked.
        public var expired: Int

        /// A batch of `due` deadlines of which `expired` expired an invite.
        public init(due: Int, expired: Int) {
            self.due = due
            self.expired = expired
        }
    }

    /// Takes up to `limit` due deadlines in one statement and expires their
    /// invites that are still `active`: each gets `state = 'expired'` and
    /// `finalized_at`, an `invite.expired` event row, its `expired` journey
    /// stage and one webhook job per enabled endpoint whose filter takes it
    /// (the fan-out of ``OutboxEvents``), all in the statement's one transaction. Deadlines another
    /// sweep holds are skipped (`SKIP LOCKED`), so sweeps may run in
    /// parallel; an invite a redemption holds is waited for, then re-checked,
    /// so it is either redeemed or expired, never both.
    /// - Parameter webhookMaxAttempts: attempts of each webhook job.
    /// - Returns: the batch; call again while `due` equals `limit`.
    public static func expireDue(
        limit: Int = 5_000, webhookMaxAttempts: Int = OutboxEvents.defaultWebhookMaxAttempts,
        on connection: PostgresConnection
    ) throws(JobQueueError) -> Batch {
        try JobQueueError.wrapping { () throws(PostgresError) in
            let row = try connection.query(
                expireStatement, [max(1, limit), Int32(clamping: webhookMaxAttempts), OutboxEvents.webhookKind])[0]
            return Batch(due: try row.decode("due"), expired: try row.decode("expired"))
        }
    }

    /// Due invites come from `baton.invite_deadlines` (migration 0007), not
    /// from an index on `invites` that mentions `state`: with no indexed
    /// column changed, the invite update is heap-only and writes no index
    /// entries. The deadline rows are deleted by `ctid` (a TID scan). The
    /// events carry the invite's id, family and `expires_at`; the jobs carry
    /// only the event and endpoint ids (`{"event_id": …, "endpoint_id": …}`, read back at delivery). Webhook jobs get
    /// no unique key: each event id is new. The invites' `expired` journey
    /// stage is marked here with one insert, at the events' `occurred_at`
    /// (`now()`), rather than by the events' row trigger, which skips
    /// `invite.expired` (migration 0033): one trigger call per event was the
    /// largest part of the sweep's time.
    static let expireStatement = PostgresStatement(
        name: "invites_expire_due",
        sql: """
            WITH due AS (
                DELETE FROM baton.invite_deadlines
                WHERE ctid = ANY(ARRAY(
                    SELECT ctid FROM baton.invite_deadlines
                    WHERE expires_at <= now()
                    ORDER BY expires_at
                    LIMIT $1
                    FOR UPDATE SKIP LOCKED))
                RETURNING invite_id
            ), expired AS (
                UPDATE baton.invites AS i SET state = 'expired', finalized_at = now()
                FROM due
                WHERE i.id = due.invite_id AND i.state = 'active' AND i.expires_at <= now()
                RETURNING i.id, i.family_id, i.expires_at
            ), event AS (
                INSERT INTO baton.events (type, invite_id, family_id, data)
                SELECT 'invite.expired', id, family_id, jsonb_build_object(
                    'invite_id', id, 'family_id', family_id,
                    'expires_at', baton.api_timestamp(expires_at))
                FROM expired
                RETURNING event_id
            ), stage AS (
                INSERT INTO baton.invite_stages AS s (invite_id, stage, first_at)
                SELECT id, baton.event_stage('invite.expired'), now() FROM expired
                ON CONFLICT (invite_id, stage) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < s.first_at
            ), job AS (
                INSERT INTO baton.jobs (kind, args, max_attempts)
                SELECT $3, jsonb_build_object('event_id', event.event_id, 'endpoint_id', endpoint.id), $2
                FROM event JOIN baton.webhook_endpoints AS endpoint ON \(OutboxEvents.matching(type: "'invite.expired'"))
            )
            SELECT (SELECT count(*) FROM due)::int8 AS due, (SELECT count(*) FROM event)::int8 AS expired
            """)
}
