-- 0030 logged each changed stage row with a row trigger: one PL/pgSQL call
-- and one insert per row, so the expiry sweep's set-wise insert of 5,000
-- `expired` stages (0033) paid 5,000 calls again. Statement triggers with
-- transition tables log the same invites once per statement, each invite
-- once however many of its rows the statement touched. A statement that
-- touches no row still calls the function once, with an empty table; the
-- stage writers that run often (a first preview's mark, the events'
-- trigger) insert at most one row per statement, so they pay what they
-- paid before.
DROP TRIGGER invite_stages_note_change ON baton.invite_stages;
DROP FUNCTION baton.note_journey_change();

CREATE FUNCTION baton.note_journey_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- PL/pgSQL plans each branch when it first runs it, so the DELETE
    -- trigger never plans the reference to new_rows it does not have.
    IF TG_OP = 'DELETE' THEN
        INSERT INTO baton.journey_changes (invite_id) SELECT DISTINCT invite_id FROM old_rows;
    ELSE
        INSERT INTO baton.journey_changes (invite_id) SELECT DISTINCT invite_id FROM new_rows;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER invite_stages_note_insert AFTER INSERT ON baton.invite_stages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION baton.note_journey_changes();
CREATE TRIGGER invite_stages_note_update AFTER UPDATE ON baton.invite_stages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION baton.note_journey_changes();
CREATE TRIGGER invite_stages_note_delete AFTER DELETE ON baton.invite_stages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION baton.note_journey_changes();
