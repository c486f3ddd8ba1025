import BatonCore
import BatonServer
import Foundation
import HTTP

/// `baton serve`: the HTTP API.
enum ServeCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve the HTTP API on BATON_LISTEN until SIGTERM or SIGINT.",
        discussion: """
            Reads the BATON_* configuration, listens, and answers /readyz with 503 until the
            database is reachable and migrated (run `baton migrate` first). On SIGTERM/SIGINT it
            stops accepting, lets requests in flight finish within BATON_SHUTDOWN_GRACE_SECONDS,
            and exits 0. Access log: one JSON line per request on stderr.
            """,
        examples: ["set -a; . .baton/baton.env; set +a; baton serve"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let signals = SignalWaiter()
        let configuration = try BatonConfiguration()
        _ = try configuration.links.requirePublicHost()
        let app = BatonApplication(configuration: configuration)
        let server = try app.startServer()
        console.err(#"{"level":"info","msg":"listening","address":"\#(configuration.listen.host):\#(server.port)"}"#)
        let metricsServer = try MetricsListener.start(for: app, console: console)
        _ = signals.wait()
        let drained = server.shutdown(grace: configuration.server.shutdownGrace)
        metricsServer?.shutdown(grace: .seconds(1))
        app.close()
        console.err(#"{"level":"info","msg":"stopped","drained":\#(drained)}"#)
        return .success
    }
}
