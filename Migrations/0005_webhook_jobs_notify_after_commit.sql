-- Webhook jobs are enqueued inside redemption and revoke transactions. A
-- NOTIFY in such a transaction takes PostgreSQL's cluster-wide notify lock
-- at commit, which serialises every one of those commits: with 0002's
-- statement trigger, redeem throughput fell about five-fold, for Baton and
-- for pgbench running the same SQL alike. Webhook jobs are therefore
-- announced by the API process after commit, coalesced (JobNotifier), and
-- only other jobs keep waking workers from the trigger. Workers poll as well,
-- so an announcement that is lost only delays a delivery by the poll interval.
DROP TRIGGER jobs_notify ON baton.jobs;
CREATE TRIGGER jobs_notify AFTER INSERT ON baton.jobs
    FOR EACH ROW WHEN (NEW.kind <> 'webhook.deliver') EXECUTE FUNCTION baton.notify_jobs_inserted();
