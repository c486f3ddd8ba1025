import BatonCore
import Foundation
import HTTP

extension BatonApplication {
    /// Starts the HTTP server on the configured address with every route.
    /// It listens when this returns; stop it with `Server.shutdown(grace:)`.
    /// Warns on `logSink` when rate limits are off (`BATON_RATE_LIMITS=off`).
    /// Starts flushing refusal counts (stopped by ``close()``).
    /// - Throws: `ServerError` when the address is invalid or taken.
    public func startServer(logSink: any LogSink = FileDescriptorLogSink.standardError) throws -> Server {
        if rateLimiter.policy == nil {
            let now = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
            logSink.write(line: #"{"ts":"\#(now)","level":"warn","msg":"rate limits are off (BATON_RATE_LIMITS=off): public routes are open to guessing; use only for load tests"}"#)
        }
        let listen = configuration.listen
        rejectionFlusher.start()
        return try Server(router: makeRouter(), configuration: ServerConfiguration(
            host: listen.host,
            port: UInt16(listen.port),
            threadPoolSize: configuration.server.threads,
            maxConnections: max(1024, configuration.server.threads),
            trustedProxies: configuration.server.trustedProxies,
            logSink: logSink
        ))
    }
}
