import BatonBench
import BatonCLI

/// `baton-bench handoff`: envelope decodes per second next to a plain
/// Foundation `JSONDecoder` of the same payload, and the CPU of a mint and of
/// a token hash next to libsodium's bare HMAC of the same bytes.
enum BenchHandoffCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "handoff",
        summary: "Handoff decodes/s vs JSONDecoder of the same payload; mint and token-hash cost vs a bare HMAC.",
        options: [
            .value("seconds", "S", "Seconds per timed run, 1-60 (default 1)."),
            .value(
                "repetitions", "N",
                "Runs of each measurement, ours and the ceiling alternating, 1-20 (default 3); medians with min–max are reported."),
        ],
        discussion: "Peak memory of the largest decode is measured by bench/handoff-memory.sh (valgrind DHAT).",
        examples: ["swift build -c release && .build/release/baton-bench handoff"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let seconds = try arguments.int("seconds", in: 1...60) ?? 1
        let repetitions = try arguments.int("repetitions", in: 1...20) ?? 3
        console.out(HandoffDecodeBenchmark.run(seconds: Double(seconds), repetitions: repetitions).markdown())
        return .success
    }
}
