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
        summary: "Server secret, 32+ bytes as hex or base64; keys the HMACs of codes, tokens and API keys. Changing it invalidates them all.",
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
    /// How much the service logs.
    public static let logLevel = Setting(
        name: "BATON_LOG_LEVEL",
        summary: "debug, info, warning or error.",
        defaultValue: "info", isSecret: false
    )

    /// Every setting, in the order documentation lists them.
    public static let all: [Setting] = [
        databaseURL, secretKey, listen, poolSize, poolTimeout, statementTimeout, logLevel,
        httpThreads, trustedProxies, shutdownGrace,
        handoffKeys, handoffTTL, redeemerJWTSecret, rateLimits, androidPackage, androidFingerprints,
    ] + links
}
