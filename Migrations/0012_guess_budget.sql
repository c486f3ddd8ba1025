-- Failed typed-code lookups, counted cluster-wide (docs/redemption.md, "Rate
-- limits"): one row per bucket and fixed window. A bucket is '*' for the
-- global budget, or a client's ('v4:ADDRESS', 'v6:PREFIX::/64', 'other').
-- Replicas add their counts in batches and read the totals back in the same
-- statement; rows whose window has ended are deleted by the same flushes.
CREATE TABLE baton.guess_budget (
    bucket        text NOT NULL,
    window_start  timestamptz NOT NULL,
    window_end    timestamptz NOT NULL,
    count         bigint NOT NULL CHECK (count >= 0),
    PRIMARY KEY (bucket, window_start)
);
CREATE INDEX guess_budget_window_end ON baton.guess_budget (window_end);
