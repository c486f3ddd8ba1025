import BatonCore
import HTTP

extension BatonApplication {
    /// Starts the HTTP server on the configured address with every route.
    /// It listens when this returns; stop it with `Server.shutdown(grace:)`.
    /// - Throws: `ServerError` when the address is invalid or taken.
    public func startServer(logSink: any LogSink = FileDescriptorLogSink.standardError) throws -> Server {
        let listen = configuration.listen
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
