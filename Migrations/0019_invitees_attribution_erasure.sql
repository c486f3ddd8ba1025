-- Invites bound to one person, their attribution, and the erasure of a
-- family's personal data (docs/privacy.md).

-- The invitee is kept only as a keyed hash (HMAC-SHA256 under a key derived
-- from BATON_SECRET_KEY) of its kind and normalised value, with a hint for
-- people (`a•••@example.com`). `source` and `campaign` are the backend's
-- labels of where an invite came from; they never change once written.
-- `erased_at` is set when the family's personal data was erased.
ALTER TABLE baton.invites
    ADD COLUMN invitee_kind text CHECK (invitee_kind IN ('email', 'phone', 'subject')),
    ADD COLUMN invitee_hash bytea CHECK (octet_length(invitee_hash) = 32),
    ADD COLUMN invitee_hint text CHECK (char_length(invitee_hint) BETWEEN 1 AND 300),
    ADD COLUMN allow_self_redemption boolean NOT NULL DEFAULT false,
    ADD COLUMN source text CHECK (source ~ '^[a-z0-9_.-]{1,64}$'),
    ADD COLUMN campaign text CHECK (campaign ~ '^[a-z0-9_.-]{1,64}$'),
    ADD COLUMN erased_at timestamptz,
    ADD CONSTRAINT invites_invitee_whole CHECK ((invitee_kind IS NULL) = (invitee_hash IS NULL) OR erased_at IS NOT NULL);

-- Funnel breakdowns by source and campaign read only attributed invites.
-- Neither column is ever updated, so these indexes keep state changes heap-only.
CREATE INDEX invites_source_created ON baton.invites (source, created_at) WHERE source IS NOT NULL;
CREATE INDEX invites_campaign_created ON baton.invites (campaign, created_at) WHERE campaign IS NOT NULL;

-- The families whose data a stored idempotent response holds (the
-- `family_id`s in its body), so an erasure finds the responses to rewrite.
-- No index: the table holds only the retention window, and erasures are rare.
ALTER TABLE baton.idempotency_keys ADD COLUMN family_ids text[] NOT NULL DEFAULT '{}';

-- `family.erased` joins the event types. The constraint is rebuilt from the
-- types it allows now, so the types added by other migrations stay.
DO $$
DECLARE
    allowed text[];
BEGIN
    SELECT array_agg(DISTINCT m[1]) INTO allowed
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_.]+)''', 'g') AS m
    WHERE c.conrelid = 'baton.events'::regclass AND c.conname = 'events_type_check';
    ALTER TABLE baton.events DROP CONSTRAINT events_type_check;
    EXECUTE format('ALTER TABLE baton.events ADD CONSTRAINT events_type_check CHECK (type = ANY (%L::text[]))',
                   array_append(array_remove(allowed, 'family.erased'), 'family.erased'));
END
$$;

-- Every webhook body carries the invite's `source` and `campaign` when it has
-- them. They are merged here, at delivery, rather than copied into each
-- event row: a row trigger on baton.events cost every redemption and preview
-- a lookup, and the invite's row already holds them for good.
CREATE OR REPLACE FUNCTION baton.webhook_body(event_id uuid, type text, created_at timestamptz, data jsonb) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object(
        'id', event_id,
        'type', type,
        'created_at', baton.api_timestamp(created_at),
        'data', data || coalesce((
            SELECT jsonb_strip_nulls(jsonb_build_object('source', i.source, 'campaign', i.campaign))
            FROM baton.events e JOIN baton.invites i ON i.id = e.invite_id
            WHERE e.event_id = webhook_body.event_id), '{}'))
$$;
