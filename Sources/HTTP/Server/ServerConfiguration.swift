import Telemetry

/// How the server listens and what it tolerates. Defaults suit production;
/// tests shrink the timeouts and limits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: an IPv4 or IPv6 literal such as `127.0.0.1`,
    /// `0.0.0.0`, `::1` or `::`. Ignored when `listenSocket` is set.
    public var host: String
    /// The port; 0 picks a free one, reported by `Server.port`.
    public var port: UInt16
    /// A socket that is already bound and listening (socket activation, or a
    /// test that reserved a port); the server takes it over and closes it.
    public var listenSocket: Int32?
    /// Threads in libmicrohttpd's pool. Handlers run on them and may block on
    /// the database, so this bounds concurrent handlers: size it like the
    /// database pool. Default 16.
    public var threadPoolSize: Int
    /// Seconds a connection may stay idle (between requests, or mid-request
    /// without sending) before it is closed. Default 30. It is also how long
    /// a connection may take, however it trickles, from being accepted (or
    /// answering its previous request) to sending a complete request line.
    public var connectionTimeoutSeconds: Int
    /// Seconds from a request line to the end of its headers, however the
    /// bytes trickle in; past it the connection is cut. Default 10. A body
    /// gets as long again, plus one second per `minBodyBytesPerSecond` bytes.
    public var requestHeadTimeoutSeconds: Int
    /// The slowest a request body may arrive on average, in bytes per second,
    /// after the allowance of `requestHeadTimeoutSeconds`. Default 1024.
    public var minBodyBytesPerSecond: Int
    /// Open connections across all clients. Default 1024. Past it, new
    /// connections wait in the kernel's listen backlog until one closes.
    /// libmicrohttpd divides it evenly among the pool threads, so it must be
    /// at least `threadPoolSize`.
    public var maxConnections: Int
    /// Open connections from one client address (the TCP peer: behind a load
    /// balancer, each proxy address). Default 64. A connection past it is
    /// closed as soon as it is accepted.
    public var maxConnectionsPerClient: Int
    /// The largest request line plus headers answered normally; larger gets
    /// 431 `headers_too_large` (or 414 `uri_too_long` for the target alone).
    /// Default 16 KiB. libmicrohttpd's per-connection memory is sized from it
    /// (twice this plus 16 KiB); requests past even that get libmicrohttpd's
    /// own bare 431/414 responses.
    public var maxHeaderBytes: Int
    /// The longest request target (path and query) accepted. Default 4 KiB.
    public var maxURIBytes: Int
    /// Request body bytes held at once across every connection (each route
    /// also has its own `RouteOptions.maxBodyBytes`). A body that would pass
    /// it gets 503 `unavailable` with `Retry-After`. Default 64 MiB.
    public var maxBodyBytesInFlight: Int = 64 * 1024 * 1024
    /// Proxies whose `X-Forwarded-For` is believed (addresses or CIDR
    /// ranges, such as the load balancer's). None by default: the TCP peer
    /// is the client.
    public var trustedProxies: TrustedProxies
    /// Where access log lines go. Default: standard error.
    public var logSink: any LogSink
    /// Told about every finished request (for metrics); nil by default.
    public var requestObserver: (any RequestObserver)?
    /// Flags each request's server span sampled or not. By default a caller's
    /// flag is kept and a new trace is not sampled: nothing records spans
    /// until tracing is configured (`OTEL_EXPORTER_OTLP_ENDPOINT`).
    public var traceSampler: TraceSampler = .parentBased(root: .alwaysOff)
    /// Takes each sampled request's server span, and the spans its handler
    /// records (``TraceScope``); nil records none.
    public var spanRecorder: (any SpanRecorder)?

    /// A configuration with production defaults listening on `host:port`.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, listenSocket: Int32? = nil,
        threadPoolSize: Int = 16, connectionTimeoutSeconds: Int = 30,
        requestHeadTimeoutSeconds: Int = 10, minBodyBytesPerSecond: Int = 1024,
        maxConnections: Int = 1024, maxConnectionsPerClient: Int = 64,
        maxHeaderBytes: Int = 16 * 1024, maxURIBytes: Int = 4 * 1024,
        trustedProxies: TrustedProxies = .none, logSink: any LogSink = FileDescriptorLogSink.standardError,
        requestObserver: (any RequestObserver)? = nil
    ) {
        self.host = host
        self.port = port
        self.listenSocket = listenSocket
        self.threadPoolSize = threadPoolSize
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.requestHeadTimeoutSeconds = requestHeadTimeoutSeconds
        self.minBodyBytesPerSecond = minBodyBytesPerSecond
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.maxHeaderBytes = maxHeaderBytes
        self.maxURIBytes = maxURIBytes
        self.trustedProxies = trustedProxies
        self.logSink = logSink
        self.requestObserver = requestObserver
    }

    /// libmicrohttpd's per-connection memory pool, derived from
    /// `maxHeaderBytes`: room for the largest accepted headers, plus 8 KiB
    /// for the response headers and a body read buffer. No larger: on a
    /// keep-alive connection libmicrohttpd zeroes the whole pool after every
    /// request (0.9.75's `MHD_pool_reset`), so each KiB here is a KiB of
    /// `memset` per request.
    public var connectionMemoryLimit: Int { maxHeaderBytes + 8 * 1024 }
}
