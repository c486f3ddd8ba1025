/// How `baton serve` runs its HTTP server.
public struct ServerSettings: Sendable, Equatable {
    /// libmicrohttpd pool threads: how many requests run at once.
    public var threads: Int
    /// Proxies whose `X-Forwarded-For` is believed (exact IP addresses).
    public var trustedProxies: Set<String>
    /// How long in-flight requests may finish after SIGTERM.
    public var shutdownGrace: Duration
    /// Where `/metrics` is served instead of the main listener (`baton serve`,
    /// and `baton worker`, which has no other listener); nil: on the main
    /// listener only, and not at all by `baton worker`.
    public var metricsListen: ListenAddress? = nil

    static func read(_ reader: inout SettingReader) -> ServerSettings? {
        let threads = reader.integer(.httpThreads, in: 1...512)
        let proxies = reader.parsed(.trustedProxies, expected: "a comma-separated list of IP addresses") { raw in
            let items = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return items.allSatisfy(Self.looksLikeIP) ? Set(items) : nil
        }
        let grace = reader.integer(.shutdownGrace, in: 0...300)
        let metricsListen = reader.optional(.metricsListen, expected: "HOST:PORT", ListenAddress.init)
        guard let threads, let proxies, let grace, let metricsListen else { return nil }
        return ServerSettings(threads: threads, trustedProxies: proxies, shutdownGrace: .seconds(grace), metricsListen: metricsListen)
    }

    private static func looksLikeIP(_ text: String) -> Bool {
        text.count <= 45 && text.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == "." || $0 == ":" }
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
        summary: "Comma-separated IPs of reverse proxies whose X-Forwarded-For names the client (rate limits, logs).",
        defaultValue: "", isSecret: false
    )
    /// Grace period on shutdown.
    public static let shutdownGrace = Setting(
        name: "BATON_SHUTDOWN_GRACE_SECONDS",
        summary: "Seconds in-flight requests may take to finish after SIGTERM/SIGINT (0-300).",
        defaultValue: "10", isSecret: false
    )
    /// A separate listener for `/metrics`.
    public static let metricsListen = Setting(
        name: "BATON_METRICS_LISTEN",
        summary:
            "Serve /metrics only on this HOST:PORT (e.g. 127.0.0.1:9464), unauthenticated; also makes `baton worker` serve its metrics. Unset: /metrics on BATON_LISTEN with a metrics:read API key.",
        defaultValue: "", isSecret: false
    )
}
