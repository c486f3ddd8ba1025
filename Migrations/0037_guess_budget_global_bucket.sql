-- The global budget of failed typed-code lookups becomes a token bucket
-- (docs/redemption.md, "The failure budget"): one row, refilled
-- continuously, so that once guessing stops a person gets through within one
-- refill interval instead of waiting for a fixed window to end. Flushes
-- refill it up to their time and take their anonymous failures from it,
-- never below 0; API keys' failures never reach it. The per-client and
-- per-key counts stay in baton.guess_budget, whose '*' rows (the old global
-- windows) are no longer read.
CREATE TABLE baton.guess_budget_global (
    singleton    boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    tokens       double precision NOT NULL CHECK (tokens >= 0),
    -- Unix seconds, on the clock of the replica that last refilled it.
    refilled_at  double precision NOT NULL
);
DELETE FROM baton.guess_budget WHERE bucket = '*';
