-- The journey's hourly rollup (docs/metrics.md, "The journey's rollup"),
-- kept like the events' funnel rollup: a watermark over an id-ordered log,
-- advanced in steps by the worker's leader, with readers adding the log
-- past the watermark themselves, so a report always equals counts over
-- baton.invite_stages. Buckets are UTC hours from 2001-01-01 00:00 UTC.
--
-- Stage rows are inserted, moved earlier and deleted (an erasure, a
-- deleted invite), and a cohort's row or a time between stages depends on
-- two rows of one invite, so the log names invites, not rows: a step takes
-- the invites changed since the watermark, subtracts what each one added
-- when it was last rolled up (baton.journey_rolled_invites keeps that, with
-- the attribution it was counted under) and adds what its stage rows and
-- attribution add now.

-- Invites whose stage rows changed, in commit-ish order (ids are drawn
-- before commit: the state's pending_id and pending_xmax work as in
-- baton.funnel_rollup_state). A step deletes what it rolled up.
CREATE TABLE baton.journey_changes (
    id         bigserial PRIMARY KEY,
    invite_id  uuid NOT NULL
);

CREATE TABLE baton.journey_rollup_state (
    id            smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    watermark_id  bigint NOT NULL DEFAULT 0,
    pending_id    bigint NOT NULL DEFAULT 0,
    pending_xmax  xid8 NOT NULL DEFAULT '0',
    rolled_up_at  timestamptz
);
INSERT INTO baton.journey_rollup_state DEFAULT VALUES;

-- One log row per changed stage row, in the change's own transaction.
CREATE FUNCTION baton.note_journey_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        INSERT INTO baton.journey_changes (invite_id) VALUES (OLD.invite_id);
    ELSE
        INSERT INTO baton.journey_changes (invite_id) VALUES (NEW.invite_id);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER invite_stages_note_change AFTER INSERT OR UPDATE OR DELETE ON baton.invite_stages
FOR EACH ROW EXECUTE FUNCTION baton.note_journey_change();

-- Each invite as last rolled up: the attribution it was counted under (''
-- for none) and when it first reached each stage. No key to baton.invites: a deleted invite's
-- counts are subtracted from this row.
CREATE TABLE baton.journey_rolled_invites (
    invite_id         uuid PRIMARY KEY,
    source            text NOT NULL,
    campaign          text NOT NULL,
    issued_at         timestamptz,
    link_opened_at    timestamptz,
    clip_opened_at    timestamptz,
    app_presented_at  timestamptz,
    redeemed_at       timestamptz,
    expired_at        timestamptz,
    revoked_at        timestamptz
);

-- Stage counts per UTC hour: a flow row counts the invites that first
-- reached `stage` in `hour` (`ever`; the within_* columns are 0); a cohort
-- row counts the invites issued in `hour` that reached `stage` within 1 h,
-- 1 d, 7 d and ever. All families, by source and campaign ('' for none).
-- No count >= 0 checks: a step adds signed changes, and an insert's checks
-- run before its conflict is resolved. Families and inviters are not kept:
-- with thousands of families, rows per family and hour would be nearly as
-- many as the stage rows, and inviters are nearly one per invite; queries
-- for one family or by family or inviter read the stage rows.
CREATE TABLE baton.journey_rollup_hourly (
    view       text NOT NULL CHECK (view IN ('flow', 'cohort')),
    hour       timestamptz NOT NULL,
    stage      text NOT NULL,
    source     text NOT NULL,
    campaign   text NOT NULL,
    within_1h  bigint NOT NULL,
    within_1d  bigint NOT NULL,
    within_7d  bigint NOT NULL,
    ever       bigint NOT NULL,
    PRIMARY KEY (view, hour, stage, source, campaign)
);

-- Times between two stages of one invite (`pair`, the position in the
-- reported list of pairs) in the bins of baton.redeem_latency_bin, per UTC
-- hour of the later stage (flow) or of issue (cohort).
CREATE TABLE baton.journey_times_hourly (
    view   text NOT NULL CHECK (view IN ('flow', 'cohort')),
    hour   timestamptz NOT NULL,
    pair   smallint NOT NULL,
    bin    smallint NOT NULL CHECK (bin >= 0),
    count  bigint NOT NULL,
    PRIMARY KEY (view, hour, pair, bin)
);

-- The history so far: every invite with stage rows is changed, for the
-- leader's steps to roll up.
INSERT INTO baton.journey_changes (invite_id) SELECT DISTINCT invite_id FROM baton.invite_stages;
