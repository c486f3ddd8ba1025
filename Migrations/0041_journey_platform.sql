-- The platform of an invite's first landing-page open by a person
-- (docs/metrics.md, "Platforms"): 'ios', 'android', 'desktop' or 'other',
-- decided from the User-Agent as the page picks its store links. It lives
-- in the invite's `link_opened` row, which the API servers already write in
-- batches (FunnelFlusher.insertMarks, ON CONFLICT DO NOTHING): the first
-- row written keeps its platform with its time, a later open or a racing
-- server's changes neither, and recording it costs no statement of its own.
-- Link previews and HEAD requests mark no open, so they record none.
ALTER TABLE baton.invite_stages ADD COLUMN platform text;
-- Every existing row has no platform, so none can fail the check: NOT VALID
-- skips the scan of the whole table; new and updated rows are checked.
ALTER TABLE baton.invite_stages ADD CONSTRAINT invite_stages_platform CHECK (
    platform IS NULL OR (stage = 'link_opened' AND platform IN ('ios', 'android', 'desktop', 'other'))
) NOT VALID;

-- The rollup keeps the platform beside source and campaign ('' for none:
-- never opened, or opened before this migration), so a breakdown by
-- platform and the Prometheus stage counts read rollup rows, not stage
-- rows. At most five values per source and campaign: an hour's rows grow
-- at most fivefold, and only with opens on several platforms. The
-- defaults are constants, so neither table is rewritten; the rollup's key
-- index is rebuilt once.
ALTER TABLE baton.journey_rolled_invites ADD COLUMN platform text NOT NULL DEFAULT '';
ALTER TABLE baton.journey_rollup_hourly ADD COLUMN platform text NOT NULL DEFAULT '';
ALTER TABLE baton.journey_rollup_hourly DROP CONSTRAINT journey_rollup_hourly_pkey;
ALTER TABLE baton.journey_rollup_hourly ADD PRIMARY KEY (view, hour, stage, source, campaign, platform);
