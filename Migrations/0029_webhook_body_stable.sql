-- baton.webhook_body's six-argument form (0020) was declared IMMUTABLE
-- around baton.api_timestamp, which 0026 made STABLE (what to_char is).
-- PostgreSQL inlines a SQL function only when its body is no more volatile
-- than its declaration, so after 0026 every body would run as a function
-- call of its own again. Declared STABLE, it is inlined into the delivery
-- batch and the event feed; nothing indexes it.
ALTER FUNCTION baton.webhook_body(uuid, text, timestamptz, jsonb, text, text) STABLE;
