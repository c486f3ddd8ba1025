import Postgres

extension WebhookEvents {
    /// A batch of attempts begun: parameters are arrays, one element per
    /// attempt: $1 job ids, $2 attempt numbers, $3 event ids, $4 endpoint
    /// ids, $5 whether the job carries its body (then the event row is not
    /// read), $6 the deliveries' clocks. One row per attempt, in their
    /// order (their log ids ascending too), whatever exists: a NULL endpoint id when the endpoint is gone,
    /// a NULL log id when it is disabled or the event is gone (nothing is
    /// logged for those), the body as text only for an event read here.
    static let beginStatement = PostgresStatement(
        name: "webhook_attempts_begin",
        sql: """
            WITH attempt AS (
                SELECT * FROM unnest($1::int8[], $2::int4[], $3::uuid[], $4::uuid[], $5::bool[], $6::timestamptz[])
                    WITH ORDINALITY AS a(job_id, attempt, event_id, endpoint_id, carried, at, position)
            ), target AS (
                SELECT a.position, a.job_id, a.attempt, a.event_id, endpoint.id AS endpoint_id, endpoint.url,
                       coalesce(endpoint.disabled, false) AS disabled, endpoint.secret_sealed, endpoint.signature_scheme,
                       CASE WHEN endpoint.previous_expires_at > a.at THEN endpoint.previous_secret_sealed END AS previous_sealed,
                       CASE WHEN event.event_id IS NOT NULL THEN
                           baton.webhook_body(event.event_id, event.type, event.occurred_at, event.data, invite.source, invite.campaign)
                       END AS body,
                       a.carried OR event.event_id IS NOT NULL AS has_event
                FROM attempt a
                LEFT JOIN baton.webhook_endpoints endpoint ON endpoint.id = a.endpoint_id
                LEFT JOIN baton.events event ON event.event_id = a.event_id AND NOT a.carried
                LEFT JOIN baton.invites invite ON invite.id = event.invite_id
            ), entry AS (
                INSERT INTO baton.webhook_deliveries (endpoint_id, event_id, job_id, attempt, attempted_at)
                SELECT endpoint_id, event_id, job_id, attempt, clock_timestamp() FROM target
                WHERE endpoint_id IS NOT NULL AND NOT disabled AND has_event
                ORDER BY position
                RETURNING id, job_id
            )
            SELECT target.endpoint_id, target.url, target.disabled, target.secret_sealed, target.previous_sealed, target.signature_scheme,
                   target.body::text AS body, entry.id AS log_id
            FROM target LEFT JOIN entry ON entry.job_id = target.job_id
            ORDER BY target.position
            """)

    /// A batch of outcomes recorded, with the streaks of their endpoints.
    /// Parameters, one element per outcome: $1 log ids, $2 durations (ms),
    /// $3 HTTP statuses, $4 transport errors, $5 successes, $6 the answers'
    /// first bytes, $7 the deliveries' clocks, $8 the disable windows
    /// (seconds); $9 the reason an endpoint disabled here gets. An entry a
    /// family's erasure marked `answer_erased` while its request was in
    /// flight keeps no answer bytes (the mark is read from the row as it is
    /// when this statement writes it), and neither does one whose family is
    /// erased by now: an attempt that began after the erasure's mark (a job
    /// claimed before it, with its body in its args) has no mark to read.
    ///
    /// `durability`: this transaction commits without waiting for its WAL
    /// flush (`synchronous_commit` off for it alone); the job's completion
    /// or failure, written after it on the fetch thread's connection and
    /// flushed, flushes it too (docs/webhooks.md, "Delivery log").
    ///
    /// A batch may hold several outcomes of one endpoint, in no particular
    /// order (they ran at once): they count as of their clocks, so the last
    /// success clears the streak and only failures after it extend one, and
    /// a failure disables the endpoint when the streak it extends began
    /// `disable after` or longer before it. `was` locks the batch's
    /// endpoints in id order (two workers' batches never deadlock) and reads
    /// them as they are now, not as this statement's snapshot had them. The
    /// endpoint row is written only when its state changes (a streak starts
    /// or ends, the endpoint is disabled) or when a success finds
    /// `last_success_at` more than a second old: a busy healthy endpoint is
    /// not a hot row.
    static let finishStatement = PostgresStatement(
        name: "webhook_attempts_finish",
        sql: """
            WITH durability AS (
                SELECT set_config('synchronous_commit', 'off', true)
            ), outcome AS (
                SELECT * FROM unnest($1::int8[], $2::float8[], $3::int4[], $4::text[], $5::bool[], $6::bytea[], $7::timestamptz[], $8::float8[])
                    AS o(log_id, duration_ms, http_status, error, succeeded, response_prefix, at, disable_after)
            ), entry AS (
                UPDATE baton.webhook_deliveries d
                SET duration_ms = o.duration_ms, http_status = o.http_status, error = o.error, succeeded = o.succeeded,
                    response_prefix = CASE
                        WHEN d.answer_erased OR EXISTS (
                            SELECT 1 FROM baton.events ev JOIN baton.invites i ON i.family_id = ev.family_id
                            WHERE ev.event_id = d.event_id AND i.erased_at IS NOT NULL
                        ) THEN NULL
                        ELSE o.response_prefix END
                FROM outcome o, durability
                WHERE d.id = o.log_id
                RETURNING d.endpoint_id, o.succeeded, o.at, o.disable_after
            ), success AS (
                SELECT endpoint_id, max(at) FILTER (WHERE succeeded) AS at FROM entry GROUP BY endpoint_id
            ), streak AS (
                SELECT s.endpoint_id, s.at AS success_at, min(f.at) AS first_failure_at, max(f.at) AS last_failure_at,
                       min(f.disable_after) AS disable_after
                FROM success s
                LEFT JOIN entry f ON f.endpoint_id = s.endpoint_id AND NOT f.succeeded AND (s.at IS NULL OR f.at > s.at)
                GROUP BY s.endpoint_id, s.at
            ), was AS (
                SELECT e.id, e.disabled, e.failing_since, e.last_success_at
                FROM baton.webhook_endpoints e WHERE e.id IN (SELECT endpoint_id FROM streak)
                ORDER BY e.id FOR UPDATE
            ), next AS (
                SELECT w.id, w.failing_since AS was_failing_since, w.last_success_at AS was_success_at, s.success_at,
                       f.failing_since,
                       NOT w.disabled AND coalesce(f.failing_since <= s.last_failure_at - make_interval(secs => s.disable_after), false)
                           AS disable
                FROM was w JOIN streak s ON s.endpoint_id = w.id,
                LATERAL (SELECT CASE
                    WHEN w.disabled THEN CASE WHEN s.success_at IS NULL THEN w.failing_since END
                    WHEN s.success_at IS NOT NULL THEN s.first_failure_at
                    ELSE coalesce(w.failing_since, s.first_failure_at)
                END AS failing_since) f
            )
            UPDATE baton.webhook_endpoints e SET
                last_success_at = coalesce(n.success_at, e.last_success_at),
                failing_since = n.failing_since,
                disabled = e.disabled OR n.disable,
                disabled_reason = CASE WHEN n.disable THEN $9 ELSE e.disabled_reason END,
                updated_at = CASE WHEN n.disable THEN now() ELSE e.updated_at END
            FROM next n
            WHERE e.id = n.id AND (
                n.disable OR n.failing_since IS DISTINCT FROM n.was_failing_since
                OR (n.success_at IS NOT NULL AND (n.was_success_at IS NULL OR n.was_success_at < n.success_at - interval '1 second')))
            RETURNING e.id AS endpoint_id, n.disable AS newly_disabled
            """)
}
