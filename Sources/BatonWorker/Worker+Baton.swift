import BatonCore

extension Worker {
    /// The handlers `baton worker` runs: webhook delivery, reading events
    /// from the database at `conninfo`.
    public static func standardHandlers(webhook: WebhookSettings?, conninfo: String) -> [String: any JobHandler] {
        [OutboxEvents.webhookKind: WebhookDelivery(settings: webhook, events: WebhookEvents(conninfo: conninfo))]
    }

    /// The worker `baton worker` and `baton dev` run, from the `BATON_*` configuration.
    /// - Parameters:
    ///   - concurrency: overrides `BATON_WORKER_CONCURRENCY` when given.
    ///   - log: receives the worker's events (see ``WorkerEvent``).
    public static func standard(
        _ baton: BatonConfiguration, concurrency: Int? = nil, workerID: String? = nil,
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }
    ) -> Worker {
        var settings = baton.worker
        if let concurrency { settings.concurrency = concurrency }
        var periodic = PeriodicSchedule()
        periodic.webhookMaxAttempts = baton.webhook?.maxAttempts ?? OutboxEvents.defaultWebhookMaxAttempts
        let configuration = WorkerConfiguration(
            conninfo: baton.databaseURL, workerID: workerID ?? WorkerConfiguration.defaultWorkerID(),
            settings: settings, periodic: periodic, log: log)
        return Worker(configuration: configuration, handlers: standardHandlers(webhook: baton.webhook, conninfo: baton.databaseURL))
    }
}
