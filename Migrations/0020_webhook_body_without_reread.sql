-- The webhook body from what its caller already holds (docs/webhooks.md,
-- "Events"). 0019's definition read the event back from baton.events, and
-- its invite, for every body, although every caller had just read that
-- event row: the delivery's batch and the feed's page now join the invites
-- once for all their events and pass the invite's `source` and `campaign`
-- in. The body is as 0016 and 0019 made it: API timestamps (UTC,
-- milliseconds, `Z`), `source` and `campaign` merged into `data` when the
-- invite has them (an event without an invite passes NULLs).
CREATE FUNCTION baton.webhook_body(event_id uuid, type text, created_at timestamptz, data jsonb, source text, campaign text)
RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT jsonb_build_object(
        'id', event_id,
        'type', type,
        'created_at', baton.api_timestamp(created_at),
        'data', data || jsonb_strip_nulls(jsonb_build_object('source', source, 'campaign', campaign)))
$$;

-- The four-argument form stays for binaries of the previous version, which
-- run on this schema while a rollout replaces them (docs/operations.md,
-- "Upgrades and migrations"). It looks the invite up itself and builds the
-- body with the form above, so both give the same bytes.
CREATE OR REPLACE FUNCTION baton.webhook_body(event_id uuid, type text, created_at timestamptz, data jsonb) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT baton.webhook_body(webhook_body.event_id, webhook_body.type, webhook_body.created_at, webhook_body.data, i.source, i.campaign)
    FROM (SELECT) AS one
    LEFT JOIN baton.events e ON e.event_id = webhook_body.event_id
    LEFT JOIN baton.invites i ON i.id = e.invite_id
$$;
