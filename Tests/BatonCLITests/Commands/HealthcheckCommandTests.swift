import BatonCore
import HTTP
import Testing

@testable import BatonCLI

@Suite("baton healthcheck", .timeLimit(.minutes(10)))
struct HealthcheckCommandTests {
    /// A server answering /healthz with 200 and /readyz with 503, like a
    /// `baton serve` whose database is down.
    static func startServer() throws -> Server {
        var router = Router()
        router.get("/healthz") { _ in .text("ok") }
        router.get("/readyz") { _ in .text("not ready", status: 503) }
        return try Server(router: router, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threadPoolSize: 2))
    }

    @Test(
        "exits 0 for a 2xx answer and 1 for a 503, naming the status",
        arguments: [
            ("/healthz", ExitCode.success, "HTTP 200"),
            ("/readyz", .checkFailed, "HTTP 503"),
        ])
    func status(path: String, code: ExitCode, expected: String) throws {
        let server = try Self.startServer()
        defer { _ = server.shutdown(grace: .zero) }
        let captured = CapturedConsole()
        #expect(
            BatonCommandLine.run(["healthcheck", "--url", "http://127.0.0.1:\(server.port)\(path)"], console: captured.console) == code)
        #expect((captured.out + captured.err).contains(expected))
    }

    @Test("exits 1 when nothing listens")
    func nothingListens() throws {
        let server = try Self.startServer()
        let port = server.port
        _ = server.shutdown(grace: .zero)
        let captured = CapturedConsole()
        #expect(
            BatonCommandLine.run(["healthcheck", "--timeout", "1", "--url", "http://127.0.0.1:\(port)/healthz"], console: captured.console)
                == .checkFailed)
        #expect(captured.err.contains("unreachable"))
    }

    @Test(
        "rejects anything but a plain http://HOST:PORT/PATH URL with exit 2",
        arguments: [
            "https://127.0.0.1:8080/healthz", "ftp://x", "http://", "http://::1/healthz", "http://host:99999/", "http://a b/",
        ])
    func rejectsBadURLs(url: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["healthcheck", "--url", url], console: captured.console) == .usageOrInputError)
        #expect(captured.err.contains("--url must be"))
    }

    @Test(
        "a wildcard listen address is probed on loopback, and a bare authority gets /healthz",
        arguments: [
            ("0.0.0.0:8080", "127.0.0.1", 8080), ("[::]:9000", "::1", 9000), ("10.0.0.5:80", "10.0.0.5", 80),
        ])
    func probeTargets(listen: String, host: String, port: Int) throws {
        let probe = HealthProbe(listen: try #require(ListenAddress(listen)))
        #expect(probe.host == host && probe.port == port && probe.path == "/healthz")
        #expect(HealthProbe(url: "http://[::1]:7000") == HealthProbe(listen: try #require(ListenAddress("[::1]:7000"))))
        #expect(HealthProbe(url: "http://[::1]:7000/readyz")?.target == "[::1]:7000/readyz")
    }
}
