import BatonCore
import Foundation
import Telemetry

extension Worker {
    /// The handlers `baton worker` runs: webhook delivery to every endpoint
    /// in the database at `conninfo`, opening their secrets with
    /// `secretKey` (`BATON_SECRET_KEY`). Every worker delivers every endpoint: none needs the
    /// webhook settings of the environment.
    /// - Parameters:
    ///   - clock: the time of signatures and failure streaks; tests inject one.
    ///   - log: hears about endpoints the delivery disabled.
    ///   - spanRecorder: takes each sampled delivery attempt's client span.
    public static func standardHandlers(
        delivery: WebhookDeliverySettings, secretKey: [UInt8], conninfo: String, metrics: BatonMetrics? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }, spanRecorder: (any SpanRecorder)? = nil
    ) -> [String: any JobHandler] {
        [
            OutboxEvents.webhookKind: WebhookDelivery(
                settings: delivery, secretKey: secretKey, events: WebhookEvents(conninfo: conninfo),
                transport: WebhookTransport(limit: delivery.timeout, caBundle: delivery.caBundle, destinations: delivery.destinations),
                metrics: metrics, clock: clock, log: log, spanRecorder: spanRecorder)
        ]
    }

    /// The worker `baton worker` and `baton dev` run, from the `BATON_*` configuration.
    /// - Parameters:
    ///   - concurrency: overrides `BATON_WORKER_CONCURRENCY` when given.
    ///   - metrics: records job outcomes and run times, webhook deliveries,
    ///     periodic work and leadership; nil records nothing.
    ///   - log: receives the worker's events (see ``WorkerEvent``).
    ///   - spanRecorder: takes the spans of sampled job executions and what
    ///     they do (an exporter of `OTEL_*`'s); nil records none. Jobs are
    ///     sampled by `baton.tracing`'s sampler either way.
    public static func standard(
        _ baton: BatonConfiguration, concurrency: Int? = nil, workerID: String? = nil, metrics: BatonMetrics? = nil,
        log: @escaping @Sendable (WorkerEvent) -> Void = { _ in }, spanRecorder: (any SpanRecorder)? = nil
    ) -> Worker {
        var settings = baton.worker
        if let concurrency { settings.concurrency = concurrency }
        var periodic = PeriodicSchedule()
        periodic.webhookMaxAttempts = baton.webhookDelivery.maxAttempts
        periodic.webhookLogRetention = baton.webhookDelivery.logRetention
        var configuration = WorkerConfiguration(
            conninfo: baton.databaseURL, workerID: workerID ?? WorkerConfiguration.defaultWorkerID(),
            settings: settings, periodic: periodic
        ) { event in
            metrics?.record(event)
            log(event)
        }
        configuration.metrics = metrics
        configuration.spanRecorder = spanRecorder
        configuration.traceSampler = baton.tracing.sampler
        let worker = Worker(
            configuration: configuration,
            handlers: standardHandlers(
                delivery: baton.webhookDelivery, secretKey: baton.secretKey, conninfo: baton.databaseURL, metrics: metrics,
                log: configuration.log, spanRecorder: spanRecorder
            )
        )
        if let metrics { worker.addLeaderGauge(to: metrics) }
        return worker
    }
}
