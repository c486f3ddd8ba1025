import BatonBench

/// `baton bench http`: the HTTP layer's `/healthz` next to a minimal C
/// server on the same libmicrohttpd options, both driven by `wrk`.
enum BenchHTTPCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "bench http",
        summary: "The HTTP layer vs a minimal C libmicrohttpd server, both driven by wrk.",
        discussion: """
            Serves a fixed /healthz from Baton's HTTP module in-process and from
            bench/ceiling/healthz.c (compiled with cc and pkg-config), and drives both with wrk
            at 8 and 64 connections, alternating, 3 runs each; prints requests/s, CPU per
            request and the ratio. Run from the repository root; needs wrk (apt-get install wrk).
            """,
        examples: ["swift build -c release && .build/release/baton bench http"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        console.out(try HTTPBenchmark.run(HTTPBenchmark.Options()).markdown())
        return .success
    }
}
