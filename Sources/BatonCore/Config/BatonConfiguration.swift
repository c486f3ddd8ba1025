import Foundation

/// Baton's settings, read from `BATON_*` environment variables and validated
/// together at start (see ``Setting/all`` for the list and defaults).
public struct BatonConfiguration: Sendable {
    /// The PostgreSQL connection string, passed to libpq untouched.
    public var databaseURL: String
    /// The server secret (at least 32 bytes).
    public var secretKey: [UInt8]
    /// Where the HTTP server listens.
    public var listen: ListenAddress
    /// Most database connections per process.
    public var poolSize: Int
    /// How long a caller waits for a free connection.
    public var poolTimeout: Duration
    /// The longest one statement may run.
    public var statementTimeout: Duration
    /// Whether `databaseURL` is a pooler in transaction mode: no named
    /// statements, no `statement_timeout` startup option.
    public var transactionPooling: Bool
    /// The least severe log level written.
    public var logLevel: LogLevel
    /// How the HTTP server runs.
    public var server: ServerSettings
    /// Handoff keys, redeemer JWTs, rate limits, Android App Links.
    public var redemption: RedemptionSettings
    /// What invite links are made of.
    public var links: LinkSettings
    /// The endpoint managed by configuration; nil when `BATON_WEBHOOK_URL`
    /// is unset (endpoints made through the API still get deliveries).
    public var webhook: WebhookSettings?
    /// How workers deliver webhooks to every endpoint.
    public var webhookDelivery: WebhookDeliverySettings
    /// How the worker runs jobs and periodic work.
    public var worker: WorkerSettings
    /// How big a funnel report may be and how long its statements may run.
    public var reports: ReportSettings
    /// Where spans are exported and which are recorded (`OTEL_*`).
    public var tracing: TracingSettings

    /// How much is logged, least to most severe.
    public enum LogLevel: String, Sendable, CaseIterable, Comparable {
        case debug, info, warning, error

        public static func < (a: LogLevel, b: LogLevel) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Reads and validates every setting.
    /// - Parameter environment: the variables to read; the process's by default.
    /// - Throws: `ConfigurationError` listing every missing or malformed setting.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError) {
        var reader = SettingReader(environment: environment)
        let databaseURL = reader.text(.databaseURL)
        let secretKey = reader.secret(.secretKey, minimumBytes: 32)
        let listen = reader.parsed(.listen, expected: "HOST:PORT", ListenAddress.init)
        let poolSize = reader.integer(.poolSize, in: 1...500)
        let poolTimeout = reader.integer(.poolTimeout, in: 1...60_000)
        let statementTimeout = reader.integer(.statementTimeout, in: 1...600_000)
        let transactionPooling = reader.parsed(.transactionPooling, expected: "on or off") { ["on": true, "off": false][$0] }
        let logLevel = reader.parsed(.logLevel, expected: "debug, info, warning or error", LogLevel.init(rawValue:))
        let server = ServerSettings.read(&reader)
        let links = LinkSettings.read(&reader)
        let webhookDelivery = WebhookDeliverySettings.read(&reader)
        let webhook = WebhookSettings.read(&reader, destinations: webhookDelivery?.destinations ?? DestinationPolicy())
        let worker = WorkerSettings.read(&reader)
        let redemption = RedemptionSettings.read(&reader, secretKey: secretKey)
        let reports = ReportSettings.read(&reader)
        let tracing = TracingSettings.read(&reader)
        // Judged on the values the settings ended up with, however they were given.
        reader.refuseWeak(.secretKey, secretKey)
        reader.refuseWeak(.webhookSecret, webhook?.secret)
        reader.refuseWeak(.redeemerJWTSecret, redemption?.redeemerJWTSecret)
        guard reader.problems.isEmpty,
            let databaseURL, let secretKey, let listen, let poolSize, let poolTimeout, let statementTimeout, let transactionPooling,
            let logLevel,
            let server, let links, let worker, let redemption, let webhookDelivery, let reports, let tracing
        else { throw ConfigurationError(problems: reader.problems) }
        self.databaseURL = databaseURL
        self.secretKey = secretKey
        self.listen = listen
        self.poolSize = poolSize
        self.poolTimeout = .milliseconds(poolTimeout)
        self.statementTimeout = .milliseconds(statementTimeout)
        self.transactionPooling = transactionPooling
        self.logLevel = logLevel
        self.server = server
        self.redemption = redemption
        self.links = links
        self.webhook = webhook
        self.webhookDelivery = webhookDelivery
        self.worker = worker
        self.reports = reports
        self.tracing = tracing
    }
}
