-- The expiry sweep without write amplification (docs/queue.md, "Expiry sweep").
--
-- 0001 found due invites through the partial index `invites_due ... WHERE
-- state = 'active'`. A column in an index predicate makes every change of it
-- a non-HOT update, so each expiry (and each redemption that used an invite
-- up) wrote a new entry into all five other invite indexes, four of them keyed
-- by random hashes and ids: most of the sweep's time and WAL (full-page images
-- of random index pages) went there. Now no invite index mentions `state`:
-- the sweep finds due invites through this small side table instead, and with
-- room left on each page (fillfactor) the state change is a heap-only update.

-- One row per invite created `active`, written by the trigger below and
-- deleted by the sweep when due (whatever the invite's state is by then:
-- used-up and revoked invites are dropped without an event). No foreign key:
-- invites are never deleted, and the sweep joins on the invite anyway.
CREATE TABLE baton.invite_deadlines (
    expires_at  timestamptz NOT NULL,
    invite_id   uuid NOT NULL
);
CREATE INDEX invite_deadlines_due ON baton.invite_deadlines (expires_at);

INSERT INTO baton.invite_deadlines (expires_at, invite_id)
SELECT expires_at, id FROM baton.invites WHERE state = 'active';

DROP INDEX baton.invites_due;

-- Half of each new page stays free, so that when a page's invites expire
-- together (invites made together expire together) each new row version fits
-- beside the old one. Existing pages keep their fill until rewritten.
ALTER TABLE baton.invites SET (fillfactor = 50);

-- Statement-level, so a bulk insert adds its deadlines in one INSERT; it
-- covers every way invites are written (API, imports, tests).
CREATE FUNCTION baton.schedule_invite_expiry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO baton.invite_deadlines (expires_at, invite_id)
    SELECT expires_at, id FROM created WHERE state = 'active';
    RETURN NULL;
END
$$;
CREATE TRIGGER invites_schedule_expiry AFTER INSERT ON baton.invites
    REFERENCING NEW TABLE AS created
    FOR EACH STATEMENT EXECUTE FUNCTION baton.schedule_invite_expiry();

-- An invite whose expiry is moved (by an operator's UPDATE, a data fix or a
-- test) gets a deadline at its new time. The old row stays and is dropped
-- without effect when it comes due: the sweep expires an invite only when
-- the invite's own expires_at has passed.
CREATE FUNCTION baton.reschedule_invite_expiry() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO baton.invite_deadlines (expires_at, invite_id) VALUES (NEW.expires_at, NEW.id);
    RETURN NULL;
END
$$;
CREATE TRIGGER invites_reschedule_expiry AFTER UPDATE OF expires_at ON baton.invites
    FOR EACH ROW WHEN (NEW.expires_at IS DISTINCT FROM OLD.expires_at AND NEW.state = 'active')
    EXECUTE FUNCTION baton.reschedule_invite_expiry();
