-- `api_keys.last_used_at` is now written (APIKeyUsage: at most once a minute
-- per key, off the request path). 0008's trigger announced every update of a
-- key on `baton_api_keys`, so each such write would drop the key from every
-- server's cache and cost a row read on its next request. A change that
-- touches nothing but `last_used_at` says nothing about whether a key is
-- valid: it is no longer announced. Deletions and every other change still are.
DROP TRIGGER api_keys_notify_changed ON baton.api_keys;
CREATE TRIGGER api_keys_notify_changed AFTER UPDATE ON baton.api_keys
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
    EXECUTE FUNCTION baton.notify_api_key_changed();
CREATE TRIGGER api_keys_notify_deleted AFTER DELETE ON baton.api_keys
    FOR EACH ROW EXECUTE FUNCTION baton.notify_api_key_changed();
