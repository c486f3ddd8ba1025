import BatonCore

extension Worker {
    /// The handlers `baton worker` runs: webhook delivery, reading events
    /// from the database at `conninfo`.
    ///
    /// Without webhook settings there is no webhook handler, so the worker
    /// never claims a webhook job: a replica started without
    /// `BATON_WEBHOOK_URL` leaves every delivery to the configured ones
    /// instead of discarding it.
    public static func standardHandlers(
        webhook: WebhookSettings?, conninfo: String, metrics: BatonMetrics? = nil
    ) -> [String: any JobHandler] {
        guard let webhook else { return [:] }
        return [
            OutboxEvents.webhookKind: WebhookDelivery(
                settings: webhook, events: WebhookEvents(conninfo: conninfo),
                transport: WebhookTransport(limit: webhook.timeout), metrics: metrics)
        ]
    }

    /// The worker `baton worker` and `baton dev` run, from the `BATON_*` configuration.
    /// - Parameters:
    ///   - concurrency: overrides `BATON_WORKER_CONCURRENCY` when given.
    ///   - metrics: records job outcomes and run times, webhook deliveries,
    ///     periodic work and leadership; nil records nothing.
    ///   - log: receives the worker's events (see ``WorkerEvent``).
    public static func standard(
        _ baton: BatonConfiguration, concurrency: Int? = nil, workerID: String? = nil, metrics: BatonMetrics? = nil,
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }
    ) -> Worker {
        var settings = baton.worker
        if let concurrency { settings.concurrency = concurrency }
        var periodic = PeriodicSchedule()
        periodic.webhookMaxAttempts = baton.webhook?.maxAttempts ?? OutboxEvents.defaultWebhookMaxAttempts
        var configuration = WorkerConfiguration(
            conninfo: baton.databaseURL, workerID: workerID ?? WorkerConfiguration.defaultWorkerID(),
            settings: settings, periodic: periodic
        ) { event in
            metrics?.record(event)
            log(event)
        }
        configuration.metrics = metrics
        let worker = Worker(
            configuration: configuration,
            handlers: standardHandlers(webhook: baton.webhook, conninfo: baton.databaseURL, metrics: metrics)
        )
        if let metrics { worker.addLeaderGauge(to: metrics) }
        return worker
    }
}
