-- Changing and reissuing invites (docs/api.md, "Change an invite" and
-- "Reissue an invite").

-- The two new event types, which an invite's timeline reads with the rest.
ALTER TABLE baton.events DROP CONSTRAINT events_type_check;
ALTER TABLE baton.events ADD CONSTRAINT events_type_check
    CHECK (type IN ('invite.created', 'invite.previewed', 'invite.redeemed', 'invite.expired', 'invite.revoked',
                    'invite.rejected', 'invite.updated', 'invite.reissued'));

-- The codes and tokens an invite had before it was reissued, as the same
-- keyed hashes as `invites.code_hash` and `token_hash` (each under its own
-- purpose, so the two kinds never meet). A lookup that finds no invite asks
-- here, so that an old code or link answers `invite_reissued` instead of
-- looking like a guess. No personal data: the hashes are of random credentials.
CREATE TABLE baton.retired_credentials (
    credential_hash  bytea PRIMARY KEY CHECK (octet_length(credential_hash) = 32),
    invite_id        uuid NOT NULL REFERENCES baton.invites (id),
    retired_at       timestamptz NOT NULL DEFAULT now()
);

-- `GET /v1/invites?inviter_id=`: keyset pages per inviter, as per family.
CREATE INDEX invites_inviter_created ON baton.invites (inviter_id, created_at DESC, id DESC) WHERE inviter_id IS NOT NULL;
