-- Webhook endpoints (docs/api.md, "Webhook endpoints"): each with its own
-- URL, event filter and signing secrets, so one failing receiver never
-- delays another. Secrets are sealed (XChaCha20-Poly1305 under a key derived
-- from BATON_SECRET_KEY, bound to the endpoint's id); while a rotation
-- overlaps, the previous secret signs too until `previous_expires_at`.
-- `failing_since` is the first failed attempt since the last success: the
-- worker disables an endpoint whose failures have lasted too long.
CREATE TABLE baton.webhook_endpoints (
    id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    url                     text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
    description             text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
    enabled_events          text[] NOT NULL CHECK (cardinality(enabled_events) BETWEEN 1 AND 64),
    disabled                boolean NOT NULL DEFAULT false,
    disabled_reason         text,
    managed_by_config       boolean NOT NULL DEFAULT false,
    secret_sealed           bytea NOT NULL,
    previous_secret_sealed  bytea,
    previous_expires_at     timestamptz,
    failing_since           timestamptz,
    last_success_at         timestamptz,
    created_at              timestamptz NOT NULL DEFAULT now(),
    updated_at              timestamptz NOT NULL DEFAULT now()
);
-- At most one endpoint comes from BATON_WEBHOOK_URL.
CREATE UNIQUE INDEX webhook_endpoints_config ON baton.webhook_endpoints (managed_by_config) WHERE managed_by_config;

-- Every delivery attempt: inserted when the attempt starts (so a worker
-- killed mid-request leaves its row, outcome unknown) and completed with
-- its outcome. `response_prefix` is the first 1 KiB of the answer's body.
CREATE TABLE baton.webhook_deliveries (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id      uuid NOT NULL REFERENCES baton.webhook_endpoints (id) ON DELETE CASCADE,
    event_id         uuid NOT NULL,
    job_id           bigint,
    attempt          integer NOT NULL,
    attempted_at     timestamptz NOT NULL,
    duration_ms      double precision,
    http_status      integer,
    error            text,
    succeeded        boolean,
    response_prefix  bytea CHECK (octet_length(response_prefix) <= 1024)
);
CREATE INDEX webhook_deliveries_endpoint ON baton.webhook_deliveries (endpoint_id, id);
CREATE INDEX webhook_deliveries_attempted ON baton.webhook_deliveries (attempted_at);

-- `webhook.test` events, sent to one endpoint by POST .../test.
ALTER TABLE baton.events DROP CONSTRAINT events_type_check;
ALTER TABLE baton.events ADD CONSTRAINT events_type_check
    CHECK (type IN ('invite.created', 'invite.previewed', 'invite.redeemed',
                    'invite.expired', 'invite.revoked', 'invite.rejected', 'webhook.test'));

-- Jobs queued before this migration carry `{"event_id"}` (or an older
-- `{"event"}` body) and no `endpoint_id`: the delivery sends those to the
-- endpoint managed by configuration, which `baton serve`, `worker` and
-- `dev` create from BATON_WEBHOOK_URL at start. No row needs rewriting.

-- API keys may hold the webhook endpoint scopes.
ALTER TABLE baton.api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE baton.api_keys ADD CONSTRAINT api_keys_scopes_check
    CHECK (scopes <@ ARRAY['invites:write', 'invites:read', 'redemptions:write', 'metrics:read', 'admin',
                           'webhooks:write', 'webhooks:read']);
