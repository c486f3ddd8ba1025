-- Idempotent responses are stored sealed (docs/api.md, "Idempotency"):
-- `response_body` is now a nonce, an XChaCha20-Poly1305 ciphertext and its
-- tag under a key derived from BATON_SECRET_KEY. Until now it was the
-- response in plain JSON, and a create's response holds the new invites'
-- codes, tokens and links. Those rows cannot be sealed here (SQL does not
-- hold the secret), so they go: a client that retries such a key within its
-- retention window after the upgrade creates its invites again instead of
-- getting the first response replayed.
DELETE FROM baton.idempotency_keys WHERE response_body IS NOT NULL;
