-- 0002's statement trigger made every transaction that enqueued a job NOTIFY
-- at commit. PostgreSQL serializes the commits of notifying transactions (a
-- global lock held through the commit's WAL flush, see PreCommit_Notify), so
-- redemptions, which enqueue their webhook job, lost group commit and ran at a
-- quarter of their speed (docs/redemption.md). Workers are now woken after
-- commit, from outside the enqueuing transaction (`JobWakeup`, coalesced),
-- and poll as before when no wake-up comes.
DROP TRIGGER jobs_notify ON baton.jobs;
DROP FUNCTION baton.notify_jobs_inserted();
