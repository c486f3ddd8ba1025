import BatonCore
import Foundation
import HTTP

extension BatonApplication {
    /// Starts the HTTP server on the configured address with every route.
    /// It listens when this returns; stop it with `Server.shutdown(grace:)`.
    /// Warns on `logSink` when rate limits are off (`BATON_RATE_LIMITS=off`).
    /// Starts flushing refusal counts, key uses and the guess budget, and
    /// the API key cache's listener (all stopped by ``close()``).
    /// - Throws: `ServerError` when the address is invalid or taken.
    public func startServer(logSink: any LogSink = FileDescriptorLogSink.standardError) throws -> Server {
        if rateLimiter.policy == nil {
            let now = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            logSink.write(
                line:
                    #"{"ts":"\#(now)","level":"warn","msg":"rate limits are off (BATON_RATE_LIMITS=off): public routes are open to guessing; use only for load tests"}"#
            )
        }
        let listen = configuration.listen
        for service in services { service.start() }
        let router = makeRouter()
        var server = ServerConfiguration(
            host: listen.host,
            port: UInt16(listen.port),
            threadPoolSize: configuration.server.threads,
            requestHeadTimeoutSeconds: configuration.server.requestHeadTimeoutSeconds,
            minBodyBytesPerSecond: configuration.server.minBodyBytesPerSecond,
            maxConnections: max(1024, configuration.server.threads),
            maxConnectionsPerClient: configuration.server.maxConnectionsPerClient,
            trustedProxies: configuration.server.trustedProxies,
            logSink: logSink,
            requestObserver: requestObserver(for: router)
        )
        server.traceSampler = configuration.tracing.sampler
        server.spanRecorder = spanExporter
        return try Server(router: router, configuration: server)
    }

    /// What records `router`'s requests into ``metrics`` (count, latency and
    /// error code by route pattern); `package` so a benchmark can serve the
    /// same router with and without it.
    package func requestObserver(for router: Router) -> any RequestObserver {
        HTTPMetricsObserver(metrics: metrics, patterns: router.registeredRoutes.map(\.pattern))
    }

    /// Starts the private `/metrics` listener when `BATON_METRICS_LISTEN` is
    /// set (the main listener then has no `/metrics`); nil when it is not.
    /// - Throws: `ServerError` when the address is invalid or taken.
    public func startMetricsServer(logSink: any LogSink = FileDescriptorLogSink.standardError) throws -> Server? {
        guard let listen = configuration.server.metricsListen else { return nil }
        return try MetricsServer.start(metrics, on: listen, logSink: logSink)
    }
}
