-- baton.api_timestamp (0016) was declared IMMUTABLE around to_char, which is
-- only STABLE. PostgreSQL inlines a SQL function into the calling statement
-- only when its body is no more volatile than its declaration, so every call
-- ran as a function of its own (an executor started per row): about 6 % of
-- the expiry sweep's time, which dates one event per expired invite with it
-- (docs/performance.md, "The queue and the expiry sweep"). Declared STABLE,
-- which is what it is, it is inlined and costs what to_char costs. Nothing
-- indexes it, so nothing needs IMMUTABLE.
ALTER FUNCTION baton.api_timestamp(timestamptz) STABLE;
