import BackgroundServices
import BatonCore
import Foundation
import HTTP
import JobQueue
import Journey
import Postgres
import Telemetry

/// Everything a request handler needs, built once at start: configuration,
/// the database pool and the stores. Handlers are registered by feature
/// (`HealthRoutes`, `InviteRoutes`, …) on the router ``makeRouter()`` returns,
/// in route groups whose guards authenticate (``requiring(_:)``); a handler
/// talks to the stores here.
///
/// Handlers run on libmicrohttpd's pool threads and may block on the
/// database; the pool size bounds how many do at once.
public final class BatonApplication: Sendable {
    /// The validated settings.
    public let configuration: BatonConfiguration
    /// The database connections shared by every handler.
    public let pool: PostgresPool
    /// API keys, for authenticating backends and operators.
    public let apiKeys: APIKeyStore
    /// The live keys this process has authenticated, dropped when a key
    /// changes (see `APIKeyCache`). It listens from ``startServer(logSink:)``
    /// to ``close()``; until then every request reads the key's row.
    public let apiKeyCache: APIKeyCache
    /// Writes keys' `last_used_at`, at most once a minute per key, from
    /// ``startServer(logSink:)`` to ``close()``.
    public let apiKeyUsage: APIKeyUsage
    /// Previews and exactly-once redemptions.
    public let redemptions: RedemptionStore
    /// Invites: create, read, list, revoke.
    public let invites: InviteStore
    /// Webhook endpoints and their sealed secrets.
    public let webhookEndpoints: WebhookEndpointStore
    /// Writes the endpoint `BATON_WEBHOOK_URL` defines, from ``startServer(logSink:)``.
    let configuredEndpoint: ConfiguredEndpoint
    /// `Idempotency-Key` records of the invite routes.
    public let idempotencyKeys: IdempotencyStore
    /// Erases a family's personal data (`DELETE /v1/families/{family_id}`).
    public let familyEraser: FamilyEraser
    /// Mints and verifies handoff envelopes.
    public let handoffs: HandoffIssuer
    /// Rate limits of the public routes, per client address or API key.
    public let rateLimiter: RateLimiter
    /// Failed typed-code lookups per client bucket and in all, cluster-wide.
    public let guessBudget: GuessBudget
    /// Adds ``guessBudget``'s failures to `baton.guess_budget` and reads the
    /// cluster's totals back, from ``startServer(logSink:)`` to ``close()``.
    public let guessBudgetFlusher: GuessBudgetFlusher
    /// The wall clock of handoff and JWT times (expiry of redemptions is the database's).
    public let clock: @Sendable () -> Date
    /// Wakes workers after webhook jobs commit (see `JobWakeup`).
    public let jobWakeup: JobWakeup
    /// Refused previews and redemptions by code, counted in memory.
    public let rejections: RejectionCounter
    /// The journey stages and views this process saw, in memory.
    public let stageMarks: StageMarks
    /// Writes ``rejections`` and ``stageMarks`` every few seconds while the
    /// server runs, and once more in ``close()``.
    public let funnelFlusher: FunnelFlusher
    /// What `/metrics` shows: this process's series, the pool's statistics
    /// and the cluster's job counts.
    public let metrics: BatonMetrics
    /// Sends sampled spans to the OTLP collector `OTEL_*` names, from
    /// ``startServer(logSink:)`` to ``close()``; nil when tracing is off.
    public let spanExporter: SpanExporter?
    /// A full disk that requests met lately, which readiness reports.
    let recentOutage = RecentOutage()

    /// An application over `configuration`; opens no connection until a request needs one.
    /// Inject `clock` to test handoff and token expiry; pass `metrics` to
    /// share one registry with a worker in the same process (`baton dev`).
    public init(
        configuration: BatonConfiguration, metrics: BatonMetrics = BatonMetrics(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        let jobWakeup = JobWakeup(conninfo: configuration.databaseURL)
        self.jobWakeup = jobWakeup
        self.pool = PostgresPool(
            PostgresPoolConfiguration(
                conninfo: configuration.databaseURL,
                maxConnections: configuration.poolSize,
                acquireTimeout: configuration.poolTimeout,
                // A transaction-mode pooler refuses the `options` startup
                // parameter the timeout travels in, and mixes sessions.
                statementTimeout: configuration.transactionPooling ? nil : configuration.statementTimeout,
                namedStatements: !configuration.transactionPooling,
                // Whatever enqueued a job wakes the workers once it commits.
                commitObserver: { signals in if signals.contains(.jobsEnqueued) { jobWakeup.signal() } }
            ))
        self.apiKeys = APIKeyStore(secret: configuration.secretKey)
        self.apiKeyCache = APIKeyCache(store: apiKeys, conninfo: configuration.databaseURL)
        self.apiKeyUsage = APIKeyUsage(conninfo: configuration.databaseURL)
        self.redemptions = RedemptionStore(
            secret: configuration.secretKey,
            webhookMaxAttempts: configuration.webhookDelivery.maxAttempts
        )
        self.invites = InviteStore(
            secret: configuration.secretKey, codeLength: configuration.links.codeLength,
            webhookMaxAttempts: configuration.webhookDelivery.maxAttempts
        )
        self.webhookEndpoints = WebhookEndpointStore(secret: configuration.secretKey)
        self.configuredEndpoint = ConfiguredEndpoint(
            configuration.webhook, secretKey: configuration.secretKey, conninfo: configuration.databaseURL)
        self.idempotencyKeys = IdempotencyStore(secret: configuration.secretKey)
        self.familyEraser = FamilyEraser(
            secret: configuration.secretKey,
            webhookMaxAttempts: configuration.webhookDelivery.maxAttempts
        )
        self.handoffs = HandoffIssuer(
            keyring: configuration.redemption.handoffKeyring, ttlSeconds: configuration.redemption.handoffTTLSeconds, clock: clock
        )
        self.rateLimiter = RateLimiter(policy: configuration.redemption.rateLimits)
        self.guessBudget = GuessBudget(policy: configuration.redemption.rateLimits)
        self.guessBudgetFlusher = GuessBudgetFlusher(
            budget: guessBudget, conninfo: configuration.databaseURL, interval: configuration.redemption.guessBudgetFlushInterval)
        self.clock = clock
        self.rejections = RejectionCounter()
        self.stageMarks = StageMarks()
        self.funnelFlusher = FunnelFlusher(rejections: rejections, marks: stageMarks, conninfo: configuration.databaseURL)
        self.metrics = metrics
        self.spanExporter = SpanExporter.standard(configuration.tracing, metrics: metrics)
        metrics.addPoolStatistics(pool)
        metrics.addAPIKeyCacheStatistics(apiKeyCache)
        metrics.addJobCounts(pool: pool)
        metrics.addStageCounts(pool: pool)
    }

    /// The background work the server runs, in the order it starts
    /// (``startServer(logSink:)``); ``close()`` stops it in the reverse order.
    var services: [any LifecycleService] {
        // The exporter starts first and stops last, sending the others' final spans.
        (spanExporter.map { [$0] } ?? []) + [configuredEndpoint, funnelFlusher, apiKeyUsage, guessBudgetFlusher, apiKeyCache, jobWakeup]
    }

    /// Stops background work (flushing the last rejection counts and key
    /// uses, the API key cache's listener) and closes the database
    /// connections; call it after the HTTP server has shut down.
    public func close() {
        for service in services.reversed() { service.stop() }
        pool.close()
    }

    /// The router with every route of the API registered.
    public func makeRouter() -> Router {
        var router = Router()
        HealthRoutes(app: self).register(on: &router)
        PreviewRoutes(app: self).register(on: &router)
        InvocationRoutes(app: self).register(on: &router)
        HandoffRoutes(app: self).register(on: &router)
        RedemptionRoutes(app: self).register(on: &router)
        LandingRoutes(app: self).register(on: &router)
        WellKnownRoutes(app: self).register(on: &router)
        ConfigRoutes(app: self).register(on: &router)
        InviteRoutes(app: self).register(on: &router)
        InviteLifecycleRoutes(app: self).register(on: &router)
        FamilyRoutes(app: self).register(on: &router)
        FunnelRoutes(app: self).register(on: &router)
        WebhookEndpointRoutes(app: self).register(on: &router)
        EventRoutes(app: self).register(on: &router)
        AuditRoutes(app: self).register(on: &router)
        AdminRoutes(app: self).register(on: &router)
        if configuration.server.metricsListen == nil { MetricsRoutes(app: self).register(on: &router) }
        // Last: the document is built from the routes registered before it.
        OpenAPIRoutes().register(on: &router)
        return router
    }

    /// Runs `body` on a pooled connection. Database outages (lost connection,
    /// shutdown, pool exhausted, statement timeout, disk full, read-only
    /// database) become 503 `unavailable` with `Retry-After`, so clients
    /// retry instead of seeing a 500.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try mappingOutages { try pool.withConnection(body) }
    }

    /// Runs `body` in a transaction on a pooled connection, retrying it on
    /// serialization failures and deadlocks; outages as in ``withConnection(_:)``.
    public func transaction<T>(isolation: PostgresIsolation = .readCommitted, _ body: (PostgresConnection) throws -> T) throws -> T {
        try mappingOutages { try pool.transaction(isolation: isolation, retries: 3, body) }
    }

    private func mappingOutages<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            guard let outage = ServiceUnavailable(outage: error) else { throw error }
            recentOutage.note(outage, at: clock())
            throw outage
        }
    }
}
