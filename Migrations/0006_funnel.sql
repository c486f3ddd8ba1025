-- The redemption funnel (docs/metrics.md): hourly rollups of baton.events,
-- maintained incrementally by the worker's leader, rejection counts flushed
-- by the API servers, and views for BI tools. All buckets are UTC hours
-- (date_bin from 2001-01-01 00:00 UTC, a Monday), whatever the session's TimeZone.

-- Where the rollup stands. Events with id <= watermark_id are counted in the
-- rollup tables; readers add the live tail (id > watermark_id) from
-- baton.events, in the same statement, so rollup + tail = raw counts.
-- Event ids are taken before their transaction commits, so a higher id can
-- be visible while a lower one is still in flight. The rollup therefore
-- only advances to pending_id, the largest id seen by an earlier run, once
-- every transaction running at that moment has ended: the current snapshot's
-- xmin has passed pending_xmax, that earlier snapshot's xmax.
CREATE TABLE baton.funnel_rollup_state (
    id            smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    watermark_id  bigint NOT NULL DEFAULT 0,
    pending_id    bigint NOT NULL DEFAULT 0,
    pending_xmax  xid8 NOT NULL DEFAULT '0',
    rolled_up_at  timestamptz
);
INSERT INTO baton.funnel_rollup_state DEFAULT VALUES;

-- Event counts per UTC hour, event type, channel and reason ('' when the
-- event has none): one table over all families, one per family, so that a
-- cluster-wide query reads a few rows per hour whatever the number of families.
CREATE TABLE baton.funnel_rollup_hourly (
    hour     timestamptz NOT NULL,
    type     text NOT NULL,
    channel  text NOT NULL,
    reason   text NOT NULL,
    count    bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (hour, type, channel, reason)
);
CREATE TABLE baton.funnel_rollup_family_hourly (
    family_id  text NOT NULL,
    hour       timestamptz NOT NULL,
    type       text NOT NULL,
    channel    text NOT NULL,
    reason     text NOT NULL,
    count      bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (family_id, hour, type, channel, reason)
);

-- Time to redeem (the redeemed event's time minus the invite's created_at)
-- as a log-scale histogram per UTC hour: bin 0 is [0 s, 1 s), bin i >= 1 is
-- [2^((i-1)/8) s, 2^(i/8) s), eight bins per doubling. A percentile read
-- from it is within 4.5 % of the exact value (above one second). NULL in, NULL out.
CREATE FUNCTION baton.redeem_latency_bin(elapsed interval) RETURNS smallint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE WHEN extract(epoch FROM elapsed) < 1 THEN 0
                ELSE least(1 + floor(8 * ln(extract(epoch FROM elapsed)::float8) / ln(2.0)), 32767) END::smallint
$$;
CREATE TABLE baton.redeem_latency_hourly (
    hour   timestamptz NOT NULL,
    bin    smallint NOT NULL CHECK (bin >= 0),
    count  bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (hour, bin)
);
CREATE TABLE baton.redeem_latency_family_hourly (
    family_id  text NOT NULL,
    hour       timestamptz NOT NULL,
    bin        smallint NOT NULL CHECK (bin >= 0),
    count      bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (family_id, hour, bin)
);

-- Refused previews and redemptions per UTC hour and error code. API servers
-- count them in memory and add their counts here every few seconds (one
-- statement per flush), never one row per request: an invalid code is
-- refused without touching the database, and must stay that cheap. The
-- family of a refused credential is mostly unknown, so there is none here.
CREATE TABLE baton.rejections_hourly (
    hour   timestamptz NOT NULL,
    code   text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 64),
    count  bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (hour, code)
);

-- For BI tools: the funnel per UTC hour and family, rolled-up hours plus the
-- live tail of events, so it always equals counts over baton.events.
CREATE VIEW baton.funnel_hourly AS
WITH rows AS (
    SELECT family_id, hour, type, channel, count FROM baton.funnel_rollup_family_hourly
    UNION ALL
    SELECT coalesce(e.family_id, ''), date_bin('1 hour', e.occurred_at, timestamptz '2001-01-01 00:00:00+00'),
           e.type, coalesce(e.channel, ''), 1
    FROM baton.events e WHERE e.id > (SELECT watermark_id FROM baton.funnel_rollup_state)
)
SELECT hour, family_id,
       coalesce(sum(count) FILTER (WHERE type = 'invite.created'), 0)::bigint AS issued,
       coalesce(sum(count) FILTER (WHERE type = 'invite.previewed'), 0)::bigint AS previewed,
       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed'), 0)::bigint AS redeemed,
       coalesce(sum(count) FILTER (WHERE type = 'invite.expired'), 0)::bigint AS expired,
       coalesce(sum(count) FILTER (WHERE type = 'invite.revoked'), 0)::bigint AS revoked,
       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed' AND channel = 'clip'), 0)::bigint AS redeemed_clip,
       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed' AND channel = 'app'), 0)::bigint AS redeemed_app,
       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed' AND channel = 'web'), 0)::bigint AS redeemed_web,
       coalesce(sum(count) FILTER (WHERE type = 'invite.redeemed' AND channel = 'backend'), 0)::bigint AS redeemed_backend
FROM rows
GROUP BY hour, family_id;

-- The same per UTC day (`day` is the UTC date).
CREATE VIEW baton.funnel_daily AS
SELECT (hour AT TIME ZONE 'UTC')::date AS day, family_id,
       sum(issued)::bigint AS issued, sum(previewed)::bigint AS previewed, sum(redeemed)::bigint AS redeemed,
       sum(expired)::bigint AS expired, sum(revoked)::bigint AS revoked,
       sum(redeemed_clip)::bigint AS redeemed_clip, sum(redeemed_app)::bigint AS redeemed_app,
       sum(redeemed_web)::bigint AS redeemed_web, sum(redeemed_backend)::bigint AS redeemed_backend
FROM baton.funnel_hourly
GROUP BY 1, family_id;

-- Refusals per UTC day and error code, all families together.
CREATE VIEW baton.rejections_daily AS
SELECT (hour AT TIME ZONE 'UTC')::date AS day, code, sum(count)::bigint AS count
FROM baton.rejections_hourly
GROUP BY 1, code;
