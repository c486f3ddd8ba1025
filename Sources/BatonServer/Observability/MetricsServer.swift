import BatonCore
import HTTP

/// The private `/metrics` listener of `BATON_METRICS_LISTEN`: a small
/// server with one unauthenticated route, for `baton serve` (which then
/// leaves `/metrics` off its main listener) and `baton worker` (which has no
/// other listener, and adds `/healthz` for its liveness probe).
public enum MetricsServer {
    /// Starts serving `metrics` on `listen`, and `/healthz` when `health` is
    /// given (200 while it returns true, 503 otherwise); stop it with
    /// `Server.shutdown(grace:)`.
    /// - Throws: `ServerError` when the address is invalid or taken.
    public static func start(
        _ metrics: BatonMetrics, on listen: ListenAddress, logSink: any LogSink = FileDescriptorLogSink.standardError,
        health: (@Sendable () -> Bool)? = nil
    ) throws(ServerError) -> Server {
        try Server(
            router: MetricsRoutes.unauthenticatedRouter(metrics, health: health),
            configuration: ServerConfiguration(
                host: listen.host, port: UInt16(listen.port), threadPoolSize: 2, maxConnections: 64, maxConnectionsPerClient: 16,
                logSink: logSink
            ))
    }
}
