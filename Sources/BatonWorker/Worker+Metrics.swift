import BatonCore
import JobQueue
import Telemetry

extension Worker {
    /// Records one finished job attempt: its outcome and run time by kind.
    /// Kinds without a handler share the label `unknown`, so a stray row
    /// cannot add series.
    func record(_ job: ClaimedJob, _ outcome: WorkerState.Outcome, ran duration: Duration) {
        guard let metrics = configuration.metrics else { return }
        let kind = handlers[job.kind] == nil ? "unknown" : job.kind
        let result = if case .completed = outcome { "completed" } else { "failed" }
        metrics.jobsFinished.labels(kind, result).increment()
        metrics.jobDuration.labels(kind).observe(duration)
    }

    /// Adds `baton_worker_leader` (1 while this worker holds the periodic
    /// work lease) to `metrics`, read at scrape time. The registry holds the
    /// worker weakly.
    func addLeaderGauge(to metrics: BatonMetrics) {
        metrics.registry.addCollector { [weak self] in
            guard let self else { return [] }
            return [
                .gauge(
                    "baton_worker_leader", help: "1 while this worker is the leader running periodic work (expiry, cleanup), else 0.",
                    value: isLeader ? 1 : 0
                )
            ]
        }
    }
}

extension BatonMetrics {
    /// Counts what the worker's events report: rows of periodic tasks (and
    /// so expired invites) and discarded jobs.
    func record(_ event: WorkerEvent) {
        switch event {
        case .periodic(let task, let count):
            periodicRows.labels(task).increment(by: count)
            if task == "expire_invites" { invitesExpired.increment(by: count) }
        case .discarded(let ids):
            periodicRows.labels("discard_jobs").increment(by: ids.count)
        case .databaseFailed, .databaseRecovered, .leadership, .endpointDisabled:
            break
        }
    }
}
