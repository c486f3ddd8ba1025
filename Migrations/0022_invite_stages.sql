-- The journey from link to app (docs/metrics.md, "Stages"): when each
-- invite first reached each stage the server can see, one row per invite
-- and stage at most. Stages the stores already record as events (issued,
-- the clip's first preview, redeemed, expired, revoked) are marked by the
-- trigger below in the event's own transaction; the landing page's opens
-- and the app's first presentation are marked by the API servers, which
-- deduplicate in memory and add their marks in batches (ON CONFLICT DO
-- NOTHING), never one write per view. Erasing a family deletes its rows.
CREATE TABLE baton.invite_stages (
    invite_id  uuid NOT NULL REFERENCES baton.invites (id) ON DELETE CASCADE,
    stage      text NOT NULL CHECK (stage IN ('issued', 'link_opened', 'clip_opened', 'app_presented', 'redeemed', 'expired', 'revoked')),
    first_at   timestamptz NOT NULL,
    PRIMARY KEY (invite_id, stage)
);
-- Flow reads (marks in a range of time) and cohort reads (invites issued in
-- a range, then their other stages through the primary key).
CREATE INDEX invite_stages_stage_first ON baton.invite_stages (stage, first_at) INCLUDE (invite_id);

-- Every view per UTC hour, first or repeated: landing page opens, link
-- previews (HEAD requests and unfurling robots, which never change an
-- invite) and clip previews. Counted in memory by each API server and added
-- here every few seconds, like baton.rejections_hourly.
CREATE TABLE baton.stage_views_hourly (
    hour   timestamptz NOT NULL,
    view   text NOT NULL CHECK (char_length(view) BETWEEN 1 AND 64),
    count  bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (hour, view)
);

-- The journey stage an event type records, or NULL: the one mapping the
-- trigger, the backfill below and the tests read (an inlinable SQL function).
CREATE FUNCTION baton.event_stage(type text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE type WHEN 'invite.created' THEN 'issued' WHEN 'invite.previewed' THEN 'clip_opened'
                     WHEN 'invite.redeemed' THEN 'redeemed' WHEN 'invite.expired' THEN 'expired'
                     WHEN 'invite.revoked' THEN 'revoked' END
$$;

-- Marks the stage an event records, the first time per invite (an earlier
-- event inserted later, as an import may, moves the mark back). A row
-- trigger with a WHEN clause: a statement that inserts no such event, as a
-- repeated preview's does, runs no function at all.
CREATE FUNCTION baton.mark_invite_stage() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO baton.invite_stages AS s (invite_id, stage, first_at)
    VALUES (NEW.invite_id, baton.event_stage(NEW.type), NEW.occurred_at)
    ON CONFLICT (invite_id, stage) DO UPDATE SET first_at = excluded.first_at WHERE excluded.first_at < s.first_at;
    RETURN NULL;
END
$$;
CREATE TRIGGER events_mark_invite_stage AFTER INSERT ON baton.events FOR EACH ROW
WHEN (NEW.invite_id IS NOT NULL AND baton.event_stage(NEW.type) IS NOT NULL)
EXECUTE FUNCTION baton.mark_invite_stage();

-- The history so far.
INSERT INTO baton.invite_stages (invite_id, stage, first_at)
SELECT invite_id, baton.event_stage(type), min(occurred_at)
FROM baton.events
WHERE invite_id IS NOT NULL AND baton.event_stage(type) IS NOT NULL
GROUP BY invite_id, baton.event_stage(type);

-- For BI tools, unbounded: one row per invite with its attribution and the
-- first time it reached each stage (NULL when it has not).
CREATE VIEW baton.invite_journey AS
SELECT i.id AS invite_id, i.family_id, i.source, i.campaign, i.inviter_id,
       min(s.first_at) FILTER (WHERE s.stage = 'issued') AS issued_at,
       min(s.first_at) FILTER (WHERE s.stage = 'link_opened') AS link_opened_at,
       min(s.first_at) FILTER (WHERE s.stage = 'clip_opened') AS clip_opened_at,
       min(s.first_at) FILTER (WHERE s.stage = 'app_presented') AS app_presented_at,
       min(s.first_at) FILTER (WHERE s.stage = 'redeemed') AS redeemed_at,
       min(s.first_at) FILTER (WHERE s.stage = 'expired') AS expired_at,
       min(s.first_at) FILTER (WHERE s.stage = 'revoked') AS revoked_at
FROM baton.invites i JOIN baton.invite_stages s ON s.invite_id = i.id
-- Every column named, not the primary key's functional dependency: a view
-- that relied on it would keep a bulk load from dropping the key.
GROUP BY i.id, i.family_id, i.source, i.campaign, i.inviter_id;

-- Flow: invites reaching each stage per UTC day (first time per invite),
-- by attribution.
CREATE VIEW baton.stage_flow_daily AS
SELECT (s.first_at AT TIME ZONE 'UTC')::date AS day, s.stage, i.family_id, i.source, i.campaign, i.inviter_id,
       count(*)::bigint AS invites
FROM baton.invite_stages s JOIN baton.invites i ON i.id = s.invite_id
GROUP BY 1, 2, 3, 4, 5, 6;

-- Cohort: invites issued per UTC day, by attribution, and how many of them
-- reached each stage within an hour, a day, seven days and ever.
CREATE VIEW baton.stage_cohort_daily AS
SELECT (c.first_at AT TIME ZONE 'UTC')::date AS issued_day, s.stage, i.family_id, i.source, i.campaign, i.inviter_id,
       count(*) FILTER (WHERE s.first_at - c.first_at <= interval '1 hour')::bigint AS within_1h,
       count(*) FILTER (WHERE s.first_at - c.first_at <= interval '1 day')::bigint AS within_1d,
       count(*) FILTER (WHERE s.first_at - c.first_at <= interval '7 days')::bigint AS within_7d,
       count(*)::bigint AS ever
FROM baton.invite_stages c
JOIN baton.invite_stages s ON s.invite_id = c.invite_id
JOIN baton.invites i ON i.id = c.invite_id
WHERE c.stage = 'issued'
GROUP BY 1, 2, 3, 4, 5, 6;
