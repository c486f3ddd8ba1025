-- The expiry sweep marks its invites' `expired` stage itself, set-wise.
--
-- 0022's row trigger marked it once per `invite.expired` event: a PL/pgSQL
-- call, an executor started for its INSERT ... ON CONFLICT, and that insert's
-- foreign key check, per row. At a sweep's 5,000 events a batch that was the
-- largest part of the batch's time (docs/performance.md, "The queue and the
-- expiry sweep"). The sweep (InviteExpiry.expireStatement), the one writer of
-- `invite.expired`, now inserts the chunk's marks with one INSERT ... SELECT
-- in the same statement, with the same first_at (the event's occurred_at,
-- the statement's now()) and the same ON CONFLICT rule; the row trigger keeps
-- every other event type. A statement-level trigger would have served every
-- writer, but it fires for every statement that could insert an event, as
-- each repeated preview does with zero rows: the row trigger's WHEN costs
-- those nothing.
DROP TRIGGER events_mark_invite_stage ON baton.events;
CREATE TRIGGER events_mark_invite_stage AFTER INSERT ON baton.events FOR EACH ROW
WHEN (NEW.invite_id IS NOT NULL AND baton.event_stage(NEW.type) IS NOT NULL AND NEW.type <> 'invite.expired')
EXECUTE FUNCTION baton.mark_invite_stage();
