-- Baton's initial schema (DESIGN §3). Everything lives in schema `baton`.
-- Codes, link tokens and API keys are stored only as keyed hashes
-- (HMAC-SHA256 with the server secret); their plaintext is never written.

CREATE SCHEMA IF NOT EXISTS baton;

-- API keys: `public_id` is the non-secret part of the key used to find the
-- row; the whole key is compared in constant time against `key_hash`.
CREATE TABLE baton.api_keys (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    public_id     text NOT NULL UNIQUE,
    key_hash      bytea NOT NULL CHECK (octet_length(key_hash) = 32),
    name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    scopes        text[] NOT NULL CHECK (scopes <@ ARRAY['invites:write', 'invites:read', 'redemptions:write', 'metrics:read', 'admin']),
    created_at    timestamptz NOT NULL DEFAULT now(),
    revoked_at    timestamptz,
    last_used_at  timestamptz
);

-- Invites. `redemption_count` can never pass `max_redemptions`: the check
-- constraint is the last line of defence behind the redeem statement.
CREATE TABLE baton.invites (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    family_id           text NOT NULL CHECK (char_length(family_id) BETWEEN 1 AND 128),
    family_name         text NOT NULL CHECK (char_length(family_name) BETWEEN 1 AND 100),
    inviter_id          text CHECK (char_length(inviter_id) BETWEEN 1 AND 128),
    inviter_name        text CHECK (char_length(inviter_name) BETWEEN 1 AND 100),
    code_hash           bytea NOT NULL UNIQUE CHECK (octet_length(code_hash) = 32),
    token_hash          bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
    state               text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'used_up', 'expired', 'revoked')),
    max_redemptions     integer NOT NULL DEFAULT 1 CHECK (max_redemptions BETWEEN 1 AND 10000),
    redemption_count    integer NOT NULL DEFAULT 0 CHECK (redemption_count BETWEEN 0 AND max_redemptions),
    metadata            jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
    created_by          uuid REFERENCES baton.api_keys (id),
    created_at          timestamptz NOT NULL DEFAULT now(),
    expires_at          timestamptz NOT NULL,
    first_previewed_at  timestamptz,
    finalized_at        timestamptz,
    CHECK (expires_at > created_at)
);
-- Keyset pagination, newest first, overall and per family.
CREATE INDEX invites_created ON baton.invites (created_at DESC, id DESC);
CREATE INDEX invites_family_created ON baton.invites (family_id, created_at DESC, id DESC);
-- The expiry sweep reads only live invites that are due.
CREATE INDEX invites_due ON baton.invites (expires_at) WHERE state = 'active';

-- Redemptions: one per invite and redeemer; a server-minted handoff is spent once.
CREATE TABLE baton.redemptions (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    invite_id    uuid NOT NULL REFERENCES baton.invites (id),
    redeemer_id  text NOT NULL CHECK (char_length(redeemer_id) BETWEEN 1 AND 256),
    channel      text NOT NULL CHECK (channel IN ('clip', 'app', 'web', 'backend')),
    handoff_id   text CHECK (char_length(handoff_id) BETWEEN 1 AND 64),
    redeemed_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (invite_id, redeemer_id)
);
CREATE UNIQUE INDEX redemptions_handoff ON baton.redemptions (handoff_id) WHERE handoff_id IS NOT NULL;
CREATE INDEX redemptions_redeemed ON baton.redemptions (redeemed_at);

-- Idempotency records, scoped to the API key. While `response_status` is
-- null the first request is still running.
CREATE TABLE baton.idempotency_keys (
    api_key_id       uuid NOT NULL REFERENCES baton.api_keys (id),
    key              text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
    request_hash     bytea NOT NULL,
    response_status  integer,
    response_body    bytea,
    created_at       timestamptz NOT NULL DEFAULT now(),
    completed_at     timestamptz,
    PRIMARY KEY (api_key_id, key)
);
CREATE INDEX idempotency_keys_created ON baton.idempotency_keys (created_at);

-- The job queue (DESIGN §7): jobs are rows, claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE baton.jobs (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind              text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 64),
    args              jsonb NOT NULL DEFAULT '{}',
    state             text NOT NULL DEFAULT 'available'
                      CHECK (state IN ('available', 'running', 'retryable', 'completed', 'discarded', 'cancelled')),
    priority          smallint NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 4),
    attempt           integer NOT NULL DEFAULT 0,
    max_attempts      integer NOT NULL DEFAULT 20 CHECK (max_attempts >= 1),
    scheduled_at      timestamptz NOT NULL DEFAULT now(),
    attempted_at      timestamptz,
    attempted_by      text,
    lease_expires_at  timestamptz,
    finalized_at      timestamptz,
    errors            jsonb NOT NULL DEFAULT '[]',
    unique_key        text,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_fetch ON baton.jobs (priority, scheduled_at, id) WHERE state IN ('available', 'retryable');
CREATE INDEX jobs_lease ON baton.jobs (lease_expires_at) WHERE state = 'running';
CREATE INDEX jobs_finalized ON baton.jobs (finalized_at) WHERE finalized_at IS NOT NULL;
CREATE UNIQUE INDEX jobs_unique_key ON baton.jobs (unique_key) WHERE unique_key IS NOT NULL;

-- Every state change of an invite, and every rejected attempt, for metrics.
CREATE TABLE baton.events (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id     uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    type         text NOT NULL CHECK (type IN ('invite.created', 'invite.previewed', 'invite.redeemed',
                                               'invite.expired', 'invite.revoked', 'invite.rejected')),
    invite_id    uuid REFERENCES baton.invites (id),
    family_id    text,
    channel      text,
    reason       text,
    occurred_at  timestamptz NOT NULL DEFAULT now(),
    data         jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX events_occurred ON baton.events (occurred_at, type);
CREATE INDEX events_family_occurred ON baton.events (family_id, occurred_at);
CREATE INDEX events_invite ON baton.events (invite_id);
