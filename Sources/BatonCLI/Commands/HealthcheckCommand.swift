import BatonCore
import Foundation

/// `baton healthcheck`: asks a running `baton serve` for `/healthz`, so a
/// container `HEALTHCHECK` works in an image without curl.
enum HealthcheckCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "healthcheck",
        summary: "GET /healthz of a running baton serve; exit 0 when it answers 2xx.",
        options: [
            .value("url", "URL", "Probe this http://HOST:PORT/PATH instead of BATON_LISTEN's /healthz."),
            .value("timeout", "SECONDS", "Give up after this many seconds (1-60, default 3)."),
        ],
        discussion: """
            Without --url it reads BATON_LISTEN (default 127.0.0.1:8080) and probes /healthz there,
            a wildcard address (0.0.0.0, ::) on loopback. Only BATON_LISTEN is read: the probe works
            without the database settings. Exit 0 for a 2xx answer, 1 for any other status or no
            answer, 2 for a bad option.
            """,
        examples: ["baton healthcheck", "baton healthcheck --url http://127.0.0.1:8080/readyz"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let seconds = try arguments.int("timeout", in: 1...60) ?? 3
        let probe: HealthProbe
        if let url = try arguments.value("url", expected: "an http://HOST:PORT/PATH URL", HealthProbe.init(url:)) {
            probe = url
        } else {
            let raw = ProcessInfo.processInfo.environment[Setting.listen.name].flatMap { $0.isEmpty ? nil : $0 }
            guard let listen = ListenAddress(raw ?? Setting.listen.defaultValue ?? "") else {
                throw UsageError("\(Setting.listen.name) must be HOST:PORT, got '\(raw ?? "")'")
            }
            probe = HealthProbe(listen: listen)
        }
        let target = probe.target
        do {
            let status = try probe.status(timeout: .seconds(seconds))
            guard (200..<300).contains(status) else {
                console.err("unhealthy: \(target) answered HTTP \(status)")
                return .checkFailed
            }
            console.out("healthy: \(target) answered HTTP \(status)")
            return .success
        } catch {
            console.err("unhealthy: \(target): \(error)")
            return .checkFailed
        }
    }
}
