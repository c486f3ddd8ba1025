-- Each server process caches the API keys it has authenticated
-- (`APIKeyCache`), saving a round trip per API-key request. A change or
-- deletion of a key announces the key's public_id on `baton_api_keys` at
-- commit, so every server drops its copy at once: a revocation takes effect
-- in milliseconds. An insert needs no notice (no server can have cached a key
-- that did not exist), and a TRUNCATE announces an empty payload, which means
-- every key. Changes to keys are rare, so the commit serialization of
-- notifying transactions (0005) costs nothing here.
CREATE FUNCTION baton.notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('baton_api_keys', '');
    ELSE
        PERFORM pg_notify('baton_api_keys', OLD.public_id);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER api_keys_notify_changed AFTER UPDATE OR DELETE ON baton.api_keys
    FOR EACH ROW EXECUTE FUNCTION baton.notify_api_key_changed();
CREATE TRIGGER api_keys_notify_truncated AFTER TRUNCATE ON baton.api_keys
    FOR EACH STATEMENT EXECUTE FUNCTION baton.notify_api_key_changed();
