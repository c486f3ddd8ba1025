/// One `BATON_*` environment variable that Baton reads: its name, whether it
/// is required, its default and what it is for.
///
/// ``all`` is the single list every consumer reads: `baton config check`,
/// the README's configuration table and the deploy files' consistency test.
public struct Setting: Sendable, Hashable {
    /// The environment variable, such as `BATON_DATABASE_URL`.
    public let name: String
    /// One line on what it controls and its accepted values.
    public let summary: String
    /// The value used when it is unset; nil for required settings.
    public let defaultValue: String?
    /// Whether the value is a secret: it is never printed back.
    public let isSecret: Bool

    /// Whether the variable must be set.
    public var isRequired: Bool { defaultValue == nil }

    /// libpq URL or key=value connection string of the PostgreSQL database.
    public static let databaseURL = Setting(
        name: "BATON_DATABASE_URL",
        summary: "PostgreSQL connection string (URL or key=value; libpq multi-host strings pass through).",
        defaultValue: nil, isSecret: true
    )
    /// The server secret that keys the hashes of codes, tokens and API keys.
    public static let secretKey = Setting(
        name: "BATON_SECRET_KEY",
        summary:
            "Server secret, 32+ bytes as hex or base64; keys the HMACs of codes, tokens and API keys. Changing it invalidates them all.",
        defaultValue: nil, isSecret: true
    )
    /// Where `baton serve` listens.
    public static let listen = Setting(
        name: "BATON_LISTEN",
        summary: "HTTP listen address HOST:PORT ([::1]:8080 for IPv6).",
        defaultValue: "127.0.0.1:8080", isSecret: false
    )
    /// Most database connections one process holds.
    public static let poolSize = Setting(
        name: "BATON_DB_POOL_SIZE",
        summary: "Most PostgreSQL connections per process (1-500).",
        defaultValue: "16", isSecret: false
    )
    /// How long a request waits for a free connection.
    public static let poolTimeout = Setting(
        name: "BATON_DB_POOL_TIMEOUT_MS",
        summary: "Milliseconds a caller waits for a free connection before pool_exhausted (1-60000).",
        defaultValue: "5000", isSecret: false
    )
    /// The longest one statement may run.
    public static let statementTimeout = Setting(
        name: "BATON_STATEMENT_TIMEOUT_MS",
        summary: "Milliseconds one SQL statement may run before it is cancelled (1-600000).",
        defaultValue: "5000", isSecret: false
    )
    /// Whether the database URL points at a pooler in transaction mode.
    public static let transactionPooling = Setting(
        name: "BATON_DB_TRANSACTION_POOLING",
        summary:
            "on when BATON_DATABASE_URL is a pooler in transaction mode (PgBouncer): no named prepared statements and no statement_timeout startup option (set it on the role). on or off.",
        defaultValue: "off", isSecret: false
    )
    /// How much the service logs.
    public static let logLevel = Setting(
        name: "BATON_LOG_LEVEL",
        summary: "debug, info, warning or error.",
        defaultValue: "info", isSecret: false
    )

    /// Where webhooks go; unset means events are recorded but not delivered.
    public static let webhookURL = Setting(
        name: "BATON_WEBHOOK_URL",
        summary:
            "A webhook endpoint managed by configuration, receiving every event; https:// (http:// only for loopback hosts). Unset: only endpoints made with the API.",
        defaultValue: "", isSecret: false
    )
    /// The key of the `Baton-Signature` HMAC.
    public static let webhookSecret = Setting(
        name: "BATON_WEBHOOK_SECRET",
        summary: "Webhook signing secret, 32+ characters, used as its UTF-8 bytes; required with BATON_WEBHOOK_URL.",
        defaultValue: "", isSecret: true
    )
    /// How long one delivery may take.
    public static let webhookTimeout = Setting(
        name: "BATON_WEBHOOK_TIMEOUT_MS",
        summary: "Milliseconds one webhook request may take before it counts as failed (100-120000).",
        defaultValue: "10000", isSecret: false
    )
    /// The first retry delay of a failed delivery; later ones double.
    public static let webhookRetryBase = Setting(
        name: "BATON_WEBHOOK_RETRY_BASE_SECONDS",
        summary: "Seconds before the first webhook retry; each later retry doubles it (±25 % jitter, at most 6 h). 0.001-86400.",
        defaultValue: "30", isSecret: false
    )
    /// Delivery attempts before a webhook job is discarded.
    public static let webhookMaxAttempts = Setting(
        name: "BATON_WEBHOOK_MAX_ATTEMPTS",
        summary: "Webhook delivery attempts before the job is discarded (1-100).",
        defaultValue: "15", isSecret: false
    )
    /// How long an endpoint may fail before it is disabled.
    public static let webhookDisableAfter = Setting(
        name: "BATON_WEBHOOK_DISABLE_AFTER_HOURS",
        summary:
            "Hours a webhook endpoint may keep failing without one success before it is disabled (reason endpoint_disabled). 1-8760.",
        defaultValue: "120", isSecret: false
    )
    /// How long delivery attempts are logged.
    public static let webhookLogRetention = Setting(
        name: "BATON_WEBHOOK_LOG_RETENTION_DAYS",
        summary: "Days the webhook delivery log keeps each attempt (1-3650).",
        defaultValue: "30", isSecret: false
    )
    /// The CA certificates webhook receivers are verified against, instead of the system bundle.
    public static let webhookCABundle = Setting(
        name: "BATON_WEBHOOK_CA_BUNDLE",
        summary:
            "PEM file of the CA certificates that webhook receivers' TLS certificates are verified against, instead of the system bundle (receivers behind a private CA). Unset: the system bundle.",
        defaultValue: "", isSecret: false
    )
    /// Private networks webhook deliveries may reach, besides public addresses.
    public static let webhookAllowedNetworks = Setting(
        name: "BATON_WEBHOOK_ALLOWED_NETWORKS",
        summary:
            "Comma-separated CIDRs (10.1.0.0/16,fd00:1::/64) webhook endpoints may reach besides public unicast addresses, for receivers inside the cluster. Unset: public addresses only (baton dev: loopback too).",
        defaultValue: "", isSecret: false
    )
    /// Jobs one worker runs at once.
    public static let workerConcurrency = Setting(
        name: "BATON_WORKER_CONCURRENCY",
        summary: "Jobs one worker process runs at once (1-256).",
        defaultValue: "10", isSecret: false
    )
    /// How long a claimed job stays a worker's without a heartbeat.
    public static let jobLease = Setting(
        name: "BATON_JOB_LEASE_SECONDS",
        summary: "Seconds a claimed job stays leased without a heartbeat; a dead worker's jobs rerun after this (1-3600).",
        defaultValue: "60", isSecret: false
    )
    /// The longest one job may run.
    public static let jobTimeout = Setting(
        name: "BATON_JOB_TIMEOUT_SECONDS",
        summary: "Seconds one job may run before it counts as failed (1-86400).",
        defaultValue: "300", isSecret: false
    )
    /// How long a stopping worker waits for running jobs.
    public static let workerShutdownGrace = Setting(
        name: "BATON_WORKER_SHUTDOWN_GRACE_SECONDS",
        summary: "Seconds a stopping worker lets running jobs finish before returning them to the queue (0-3600).",
        defaultValue: "30", isSecret: false
    )
    /// How long finished jobs are kept.
    public static let jobRetention = Setting(
        name: "BATON_JOB_RETENTION_HOURS",
        summary: "Hours completed, discarded and cancelled jobs are kept before deletion (1-87600).",
        defaultValue: "168", isSecret: false
    )
    /// How long idempotency records are kept.
    public static let idempotencyRetention = Setting(
        name: "BATON_IDEMPOTENCY_RETENTION_HOURS",
        summary: "Hours idempotency records are kept (24-8760).",
        defaultValue: "24", isSecret: false
    )
    /// How long events are kept; metrics read them.
    public static let eventRetention = Setting(
        name: "BATON_EVENT_RETENTION_DAYS",
        summary: "Days invite events are kept for metrics; 0 keeps them forever (0-36500).",
        defaultValue: "0", isSecret: false
    )

    /// Every setting, in the order documentation lists them.
    public static let all: [Setting] =
        [
            databaseURL, secretKey, listen, poolSize, poolTimeout, statementTimeout, transactionPooling, logLevel,
            httpThreads, trustedProxies, shutdownGrace, metricsListen,
            maxConnectionsPerClient, requestHeadTimeout, minBodyRate,
            handoffKeys, handoffTTL, redeemerJWTSecret, redeemerJWTAudience, redeemerJWTIssuer, redeemerJWTMaxLifetime, rateLimits,
            guessBudgetFlush,
            androidPackage, androidFingerprints,
            webhookURL, webhookSecret, webhookTimeout, webhookRetryBase, webhookMaxAttempts, webhookDisableAfter, webhookLogRetention,
            webhookCABundle, webhookAllowedNetworks,
            workerConcurrency, jobLease, jobTimeout, workerShutdownGrace, jobRetention, idempotencyRetention,
            eventRetention,
        ] + links + reports + tracing
}
