-- The event feed (GET /v1/events, docs/webhooks.md "The event feed").
--
-- An event's place in the feed is (xact_id, id): the id of the transaction
-- that recorded it, then its identity. The feed only returns events whose
-- transaction is older than the oldest one still running
-- (pg_snapshot_xmin), so every event that can still commit sorts after
-- every event a reader was already given: a cursor never skips one. The
-- identity alone is not enough: it is drawn before the commit, so a later
-- commit can land behind a cursor. Existing rows get this migration's
-- transaction id, ordered among themselves by id.
ALTER TABLE baton.events ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_feed ON baton.events (xact_id, id);

-- The one timestamp form of the API and the webhooks: UTC, milliseconds,
-- a `Z` (2026-11-29T15:17:25.123Z), the digits truncated as the API's are.
CREATE FUNCTION baton.api_timestamp(at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- The webhook body, now with API timestamps (it had microseconds).
CREATE OR REPLACE FUNCTION baton.webhook_body(event_id uuid, type text, created_at timestamptz, data jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object('id', event_id, 'type', type, 'created_at', baton.api_timestamp(created_at), 'data', data)
$$;

-- The scope that reads the feed.
ALTER TABLE baton.api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE baton.api_keys ADD CONSTRAINT api_keys_scopes_check
    CHECK (scopes <@ ARRAY['invites:write', 'invites:read', 'redemptions:write', 'metrics:read', 'webhooks:write', 'webhooks:read',
                           'events:read', 'admin']);
