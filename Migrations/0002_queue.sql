-- The queue's additions to the initial schema (DESIGN §7, docs/queue.md).

-- Leader election for periodic work: one row per role, held by the worker
-- named in `holder` until `expires_at` (the database's clock). The holder
-- renews well before expiry; anyone may take an expired row. A table lease,
-- unlike a session advisory lock, works through PgBouncer in transaction mode
-- and survives a reconnect of the leader's connection.
CREATE TABLE baton.leaders (
    role        text PRIMARY KEY CHECK (char_length(role) BETWEEN 1 AND 64),
    holder      text NOT NULL CHECK (char_length(holder) BETWEEN 1 AND 128),
    acquired_at timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);

-- Wakes listening workers whenever jobs are inserted. Statement-level, and
-- NOTIFY is delivered at commit with identical notifications of a
-- transaction folded into one: a batch insert or a sweep wakes each worker
-- once, and a rolled-back enqueue wakes nobody. Workers also poll, so a lost
-- notification (PgBouncer in transaction mode, a reconnect) only delays work.
CREATE FUNCTION baton.notify_jobs_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('baton_jobs', '');
    RETURN NULL;
END
$$;
CREATE TRIGGER jobs_notify AFTER INSERT ON baton.jobs
    FOR EACH STATEMENT EXECUTE FUNCTION baton.notify_jobs_inserted();

-- The webhook body of an event, built in one place for the outbox function
-- and the expiry sweep: {"id", "type", "created_at", "data"}. Times are UTC
-- with microseconds and a `Z`, whatever the session's TimeZone.
CREATE FUNCTION baton.webhook_body(event_id uuid, type text, created_at timestamptz, data jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object(
        'id', event_id,
        'type', type,
        'created_at', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'data', data)
$$;

-- One entry of a job's `errors` array, the same shape whoever writes it
-- (a failing handler, the lease rescuer, a shutdown).
CREATE FUNCTION baton.job_error(attempt integer, message text, worker text) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object(
        'attempt', attempt,
        'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'error', left(message, 2000),
        'worker', worker)
$$;
