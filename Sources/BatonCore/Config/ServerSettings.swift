import HTTP

/// How `baton serve` runs its HTTP server.
public struct ServerSettings: Sendable, Equatable {
    /// libmicrohttpd pool threads: how many requests run at once.
    public var threads: Int
    /// Proxies whose `X-Forwarded-For` is believed (addresses and CIDR ranges).
    public var trustedProxies: TrustedProxies
    /// How long in-flight requests may finish after SIGTERM.
    public var shutdownGrace: Duration
    /// Where `/metrics` is served instead of the main listener (`baton serve`,
    /// and `baton worker`, which has no other listener); nil: on the main
    /// listener only, and not at all by `baton worker`.
    public var metricsListen: ListenAddress? = nil
    /// Open connections one TCP peer may hold (behind a load balancer, each
    /// proxy address is one peer).
    public var maxConnectionsPerClient = 64
    /// Seconds from a request line to the end of its headers.
    public var requestHeadTimeoutSeconds = 10
    /// The slowest average rate a request body may arrive at.
    public var minBodyBytesPerSecond = 1024

    static func read(_ reader: inout SettingReader) -> ServerSettings? {
        let threads = reader.integer(.httpThreads, in: 1...512)
        let proxies = reader.parsed(
            .trustedProxies,
            expected: "a comma-separated list of IP addresses or CIDR ranges (10.0.0.0/8), without host bits past the prefix",
            TrustedProxies.init(list:))
        let grace = reader.integer(.shutdownGrace, in: 0...300)
        let metricsListen = reader.optional(.metricsListen, expected: "HOST:PORT", ListenAddress.init)
        let perClient = reader.integer(.maxConnectionsPerClient, in: 1...65_536)
        let headTimeout = reader.integer(.requestHeadTimeout, in: 1...300)
        let bodyRate = reader.integer(.minBodyRate, in: 1...1_073_741_824)
        guard let threads, let proxies, let grace, let metricsListen, let perClient, let headTimeout, let bodyRate else { return nil }
        return ServerSettings(
            threads: threads, trustedProxies: proxies, shutdownGrace: .seconds(grace), metricsListen: metricsListen,
            maxConnectionsPerClient: perClient, requestHeadTimeoutSeconds: headTimeout, minBodyBytesPerSecond: bodyRate)
    }
}

extension Setting {
    /// HTTP worker threads.
    public static let httpThreads = Setting(
        name: "BATON_HTTP_THREADS",
        summary: "HTTP server threads, each able to run one request at once (1-512); keep it near BATON_DB_POOL_SIZE.",
        defaultValue: "16", isSecret: false
    )
    /// Trusted reverse proxies.
    public static let trustedProxies = Setting(
        name: "BATON_TRUSTED_PROXIES",
        summary:
            "Comma-separated IPs or CIDR ranges (10.0.0.0/8, fd00::/8) of reverse proxies whose X-Forwarded-For names the client (rate limits, logs).",
        defaultValue: "", isSecret: false
    )
    /// Grace period on shutdown.
    public static let shutdownGrace = Setting(
        name: "BATON_SHUTDOWN_GRACE_SECONDS",
        summary: "Seconds in-flight requests may take to finish after SIGTERM/SIGINT (0-300).",
        defaultValue: "10", isSecret: false
    )
    /// Connections per TCP peer.
    public static let maxConnectionsPerClient = Setting(
        name: "BATON_HTTP_MAX_CONNECTIONS_PER_CLIENT",
        summary:
            "Open connections one TCP peer may hold (1-65536); behind a load balancer every proxy address is one peer, so raise it there.",
        defaultValue: "64", isSecret: false
    )
    /// The request head deadline.
    public static let requestHeadTimeout = Setting(
        name: "BATON_HTTP_REQUEST_HEAD_TIMEOUT_SECONDS",
        summary: "Seconds a client may take from its request line to the end of its headers, however it trickles them (1-300).",
        defaultValue: "10", isSecret: false
    )
    /// The minimum body rate.
    public static let minBodyRate = Setting(
        name: "BATON_HTTP_MIN_BODY_BYTES_PER_SECOND",
        summary:
            "Slowest average rate a request body may arrive at, after an allowance of BATON_HTTP_REQUEST_HEAD_TIMEOUT_SECONDS (1-1073741824).",
        defaultValue: "1024", isSecret: false
    )
    /// A separate listener for `/metrics`.
    public static let metricsListen = Setting(
        name: "BATON_METRICS_LISTEN",
        summary:
            "Serve /metrics only on this HOST:PORT (e.g. 127.0.0.1:9464), unauthenticated; also makes `baton worker` serve its metrics. Unset: /metrics on BATON_LISTEN with a metrics:read API key.",
        defaultValue: "", isSecret: false
    )
}
