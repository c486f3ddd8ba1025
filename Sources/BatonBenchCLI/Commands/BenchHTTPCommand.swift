import BatonBench
import BatonCLI

/// `baton-bench http`: the HTTP layer's `/healthz` next to a minimal C
/// server on the same libmicrohttpd options, both driven by `wrk`.
enum BenchHTTPCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "http",
        summary: "The HTTP layer vs a minimal C libmicrohttpd server, both driven by wrk.",
        options: [
            .value(
                "repetitions", "N",
                "Runs per server and connection count, alternating, 1-20 (default 3); medians with min–max are reported.")
        ],
        discussion: """
            Serves a fixed /healthz from Baton's HTTP module in-process and from
            bench/ceiling/healthz.c (compiled with cc and pkg-config), and drives both with wrk
            at 8 and 64 connections, alternating, --repetitions runs each; prints requests/s, CPU per
            request and the ratio. Run from the repository root; needs wrk (apt-get install wrk).
            """,
        examples: ["swift build -c release && .build/release/baton-bench http"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let repetitions = try arguments.int("repetitions", in: 1...20) ?? 3
        console.out(try HTTPBenchmark.run(HTTPBenchmark.Options(repetitions: repetitions)).markdown())
        return .success
    }
}
