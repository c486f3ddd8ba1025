import HTTP
import Telemetry

/// Every Baton series one process records, on one registry, with label sets
/// bounded by construction: route patterns, status codes, error codes,
/// enums and registered job kinds — never raw request input.
///
/// Series recorded here are **per process**; Prometheus sums them across
/// replicas (`sum(rate(...))`). Cluster-wide values (jobs by state) are read
/// from the database at scrape time by ``addJobCounts(pool:kinds:)``.
/// docs/metrics-prometheus.md lists them all.
public final class BatonMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: MetricsRegistry

    /// `baton_http_requests_total{route,method,status}`.
    public let httpRequests: MetricFamily<Counter>
    /// `baton_http_request_duration_seconds{route}`.
    public let httpRequestDuration: MetricFamily<Histogram>
    /// `baton_rejections_total{code}`: API error responses by their error code.
    public let rejections: MetricFamily<Counter>
    /// `baton_rate_limited_requests_total{limit}`: 429s by the limit class that refused.
    public let rateLimited: MetricFamily<Counter>

    /// `baton_invites_issued_total`.
    public let invitesIssued: Counter
    /// `baton_invites_redeemed_total`: new redemptions (replays are not counted).
    public let invitesRedeemed: Counter
    /// `baton_invites_revoked_total`: invites this process moved to revoked.
    public let invitesRevoked: Counter
    /// `baton_invites_expired_total`: invites the expiry sweep of this process expired.
    public let invitesExpired: Counter

    /// `baton_jobs_finished_total{kind,outcome}`: job attempts this worker ran.
    public let jobsFinished: MetricFamily<Counter>
    /// `baton_job_duration_seconds{kind}`: how long handlers ran.
    public let jobDuration: MetricFamily<Histogram>
    /// `baton_webhook_deliveries_total{result}`: webhook attempts by result.
    public let webhookDeliveries: MetricFamily<Counter>
    /// `baton_webhook_endpoints_disabled_total`: endpoints this worker disabled after failing too long.
    public let webhookEndpointsDisabled: Counter
    /// `baton_periodic_rows_total{task}`: rows the leader's periodic tasks touched.
    public let periodicRows: MetricFamily<Counter>
    /// `baton_trace_spans_dropped_total`: spans lost to a full export queue or a failed export.
    public let traceSpansDropped: Counter
    /// `baton_trace_spans_exported_total`: spans the OTLP collector accepted.
    public let traceSpansExported: Counter

    /// A registry with every series, `baton_build_info` and the `process_*` families.
    public init() {
        let registry = MetricsRegistry()
        self.registry = registry
        httpRequests = registry.counter(
            "baton_http_requests_total", help: "HTTP requests by route pattern, method and status.",
            labelNames: ["route", "method", "status"], maxSeries: 1024
        )
        httpRequestDuration = registry.histogram(
            "baton_http_request_duration_seconds", help: "Time from a request's arrival to its completion, by route pattern.",
            labelNames: ["route"], upperBounds: Histogram.latencyBounds
        )
        rejections = registry.counter(
            "baton_rejections_total", help: "API error responses by error code (invite_expired, rate_limited, ...).", labelNames: ["code"]
        )
        rateLimited = registry.counter(
            "baton_rate_limited_requests_total", help: "Requests refused with 429 by the rate limit class that refused them.",
            labelNames: ["limit"]
        )
        invitesIssued = registry.counter("baton_invites_issued_total", help: "Invites created by this process.")
        invitesRedeemed = registry.counter(
            "baton_invites_redeemed_total", help: "New redemptions accepted by this process (replays excluded).")
        invitesRevoked = registry.counter("baton_invites_revoked_total", help: "Invites revoked by this process.")
        invitesExpired = registry.counter("baton_invites_expired_total", help: "Invites expired by this process's expiry sweep.")
        jobsFinished = registry.counter(
            "baton_jobs_finished_total", help: "Job attempts run by this worker, by kind and outcome (completed, failed).",
            labelNames: ["kind", "outcome"]
        )
        jobDuration = registry.histogram(
            "baton_job_duration_seconds", help: "How long job handlers ran, by kind.", labelNames: ["kind"],
            upperBounds: Histogram.backgroundBounds
        )
        webhookDeliveries = registry.counter(
            "baton_webhook_deliveries_total",
            help:
                "Webhook delivery attempts by result (delivered, http_error, transport_error, malformed, event_unreadable, endpoint_missing, endpoint_disabled, undecryptable).",
            labelNames: ["result"]
        )
        webhookEndpointsDisabled = registry.counter(
            "baton_webhook_endpoints_disabled_total",
            help: "Webhook endpoints disabled after failing without a success for BATON_WEBHOOK_DISABLE_AFTER_HOURS.")
        periodicRows = registry.counter(
            "baton_periodic_rows_total", help: "Rows handled by the leader's periodic tasks, by task.", labelNames: ["task"]
        )
        traceSpansDropped = registry.counter(
            "baton_trace_spans_dropped_total",
            help:
                "Spans not exported: recorded while the export queue was full, or in a batch the OTLP collector refused or did not answer.")
        traceSpansExported = registry.counter("baton_trace_spans_exported_total", help: "Spans the OTLP collector accepted.")
        registry.gauge("baton_build_info", help: "Always 1; the version label names the running build.", labelNames: ["version"])
            .labels(BuildInfo.version).set(1)
        registry.addCollector { ProcessMetrics.snapshot() }
        registry.addCollector {
            [
                .counter(
                    "baton_log_lines_dropped_total",
                    help: "Log lines this process could not write (the log's reader went away, a full disk).",
                    value: Double(FileDescriptorLogSink.droppedLines))
            ]
        }
    }

    /// The scrape body for `/metrics`.
    public func exposition() -> String {
        registry.exposition()
    }
}
