-- Signed-in /admin sessions and the audit trail of what operators did
-- (docs/admin.md, "Signing in" and "The audit trail").

-- A browser session opened by signing in with an API key that has the
-- `admin` scope. The cookie holds a random token; the row holds only its
-- keyed hash (HMAC-SHA256 under a key derived from BATON_SECRET_KEY), so a
-- copy of the table opens no session. A session ends at `expires_at`, when
-- its operator signs out, or when its key is revoked (every lookup joins the
-- key). Expired rows are deleted by the next sign-in.
CREATE TABLE baton.admin_sessions (
    token_hash  bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
    key_id      uuid NOT NULL REFERENCES baton.api_keys (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires ON baton.admin_sessions (expires_at);

-- One row per operator action, newest read first: who (the key), what,
-- on which target (an invite, event or job id; never a credential), and
-- small details (a new expiry, a count). Kept like the keys themselves:
-- rows are never changed, and the key they name is never deleted.
CREATE TABLE baton.audit_log (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key_id       uuid NOT NULL REFERENCES baton.api_keys (id),
    action       text NOT NULL CHECK (action IN ('session.signed_in', 'session.signed_out', 'invite.revoked', 'invite.extended',
                                                  'invite.reissued', 'event.redelivered', 'job.retried', 'job.cancelled')),
    target       text NOT NULL CHECK (char_length(target) BETWEEN 1 AND 200),
    detail       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(detail) = 'object'),
    occurred_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
