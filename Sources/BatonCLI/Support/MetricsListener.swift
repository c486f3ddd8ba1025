import BatonServer
import HTTP

/// The private `/metrics` listener of `BATON_METRICS_LISTEN`, as `baton
/// serve`, `baton dev` and `baton worker` start it and announce it.
enum MetricsListener {
    /// Starts `app`'s metrics listener and logs its address on `console`;
    /// nil when `BATON_METRICS_LISTEN` is unset (`/metrics` is then on the
    /// main listener).
    /// - Throws: `ServerError` when the address is invalid or taken.
    static func start(for app: BatonApplication, console: Console) throws -> Server? {
        guard let server = try app.startMetricsServer(), let listen = app.configuration.server.metricsListen else { return nil }
        announce(server, host: listen.host, console: console)
        return server
    }

    /// Logs that `server` serves `/metrics` on `host`.
    static func announce(_ server: Server, host: String, console: Console) {
        console.err(#"{"level":"info","msg":"serving /metrics","address":"\#(host):\#(server.port)"}"#)
    }
}
