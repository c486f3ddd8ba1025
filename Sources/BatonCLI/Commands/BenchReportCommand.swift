import BatonBench
import Foundation
import SafeText

/// `baton bench report`: every benchmark in one run, written as one Markdown
/// report (docs/benchmarks.md).
enum BenchReportCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "bench report",
        summary: "Run every benchmark on one throwaway cluster and write one Markdown report with the machine described.",
        options: [
            .value("output", "FILE", "Where the report goes (default docs/benchmarks.md)."),
            .value("repeat", "N", "Runs of each benchmark that measures once per run, 1-9 (default 3); the median is reported."),
            .value("only", "LIST", "Comma-separated sections to run: \(Section.allCases.map(\.rawValue).joined(separator: ", ")) (default all)."),
            .flag("quick", "Small sizes (10^4 and 10^5 invites, 100,000 to expire or to report a funnel over, 20,000 jobs): a smoke run, not figures to publish."),
        ],
        discussion: """
            Starts one PostgreSQL cluster (fsync on) and gives each section its own database on it.
            Sections run one after another, each repeating its runs --repeat times and reporting
            the median with min–max. A section that fails is written into the report with its error and
            the run goes on; the exit status is then 1.
            Full sizes: 50,000 jobs burnt down, 10^6 invites expired, the API at about 5 × 10^4, 10^6 and
            10^7 invites (grown with a generated history), a funnel over 10^6 invites (`baton bench funnel`
            alone does 10^7). Takes about an hour on 2 cores (the scaling fills about 25 minutes).
            Run from the repository root on a release build with wrk and pgbench installed; nothing
            else should load the machine.
            """,
        examples: [
            "swift build -c release && .build/release/baton bench report",
            ".build/release/baton bench report --quick --output /tmp/bench.md",
        ]
    )

    /// The report's sections, in the order they run.
    enum Section: String, CaseIterable {
        case handoff, http, pool, api, invites, queue, serve, scaling, funnel
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let output = arguments.string("output") ?? "docs/benchmarks.md"
        let repeats = try arguments.int("repeat", in: 1...9) ?? 3
        let quick = arguments.flag("quick")
        let sections = try selectedSections(arguments.string("only"))
        let cluster = try BenchCluster(databaseURL: nil, console: console)
        defer { cluster.tearDown() }
        let machine = MachineDescription(conninfo: cluster.connectionString, scratchDirectory: cluster.dataDirectory)
        var text = header(machine: machine, repeats: repeats, quick: quick)
        var failed: [Section] = []
        for section in sections {
            console.err("running \(section.rawValue) ...")
            let started = ContinuousClock.now
            // A failed section is a finding, not a reason to lose the others:
            // it is written into the report and the run goes on.
            do {
                text += try measure(section, in: cluster, repeats: repeats, quick: quick, console: console).markdown()
            } catch {
                failed.append(section)
                console.err("\(section.rawValue) failed: \(error)")
                text += "## \(section.rawValue)\n\n**Failed:** \(SafeText.escaped(String(describing: error)))\n"
            }
            text += "\n_`\(section.rawValue)` took \((ContinuousClock.now - started).components.seconds) s._\n\n"
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        }
        console.out("wrote \(output)" + (failed.isEmpty ? "" : "; failed: \(failed.map(\.rawValue).joined(separator: ", "))"))
        return failed.isEmpty ? .success : .checkFailed
    }

    private static func selectedSections(_ list: String?) throws -> [Section] {
        guard let list else { return Section.allCases }
        return try list.split(separator: ",").map { name in
            guard let section = Section(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("unknown section '\(name)' in --only; use \(Section.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return section
        }
    }

    private static func measure(_ section: Section, in cluster: BenchCluster, repeats: Int, quick: Bool, console: Console) throws -> BenchmarkReport {
        let database = try cluster.freshDatabase("bench_\(section.rawValue)")
        let api = APIBenchmark.Options(conninfo: database, redeemInvites: quick ? 10_000 : 100_000, repetitions: repeats)
        switch section {
        case .handoff:
            return HandoffDecodeBenchmark.run(seconds: 1, repetitions: repeats)
        case .http:
            return try HTTPBenchmark.run(HTTPBenchmark.Options(repetitions: repeats))
        case .pool:
            return try PoolBenchmark(conninfo: database, rounds: repeats).run()
        case .api:
            return try APIBenchmark(api).run()
        case .invites:
            return try InviteCreationBenchmark(conninfo: database, rounds: repeats).run()
        case .queue:
            return try QueueBenchmark(conninfo: database, jobs: quick ? 20_000 : 50_000, concurrency: 10,
                                      invites: quick ? 100_000 : 1_000_000, latencySamples: 200, rounds: max(repeats, 2)).run()
        case .serve:
            return try ServeStartupBenchmark(BenchServeCommand.options(conninfo: database, runs: 2 * repeats + 1, idle: 2)).run()
        case .scaling:
            var scaling = api
            // Enough fresh invites for 2 s of redeems on each side (wrk's two
            // threads skip twice the requests made); the smallest table is
            // then about 4.6 × 10^4 rows rather than 10^4.
            scaling.seconds = 2
            scaling.redeemInvites = 15_000
            scaling.repetitions = 1
            let sizes = quick ? [10_000, 100_000] : [10_000, 1_000_000, 10_000_000]
            return try ScalingBenchmark(.init(api: scaling, sizes: sizes)).run { console.err($0) }
        case .funnel:
            // 10^6 invites keep the report within the hour; `baton bench funnel` runs 10^7.
            return try FunnelBenchmark(conninfo: database, invites: quick ? 100_000 : 1_000_000, families: 10_000, tail: 10_000, repeats: 5)
                .run(progress: console.err)
        }
    }

    private static func header(machine: MachineDescription, repeats: Int, quick: Bool) -> String {
        let date = ISO8601DateFormatter().string(from: Date())
        return """
            # Benchmarks

            Written by `baton bench report`\(quick ? " --quick (smoke sizes: not figures to judge by)" : "") on \(date).
            Every figure stands next to the ceiling it is judged against, measured on the same machine in the same
            run (DESIGN §8), and the ratio is ours over the ceiling. Throughput ratios are better high; for latency
            and memory rows (ms, MiB) a ratio above 100 % means Baton costs more than the ceiling.
            Medians of \(repeats) runs with min–max in brackets, unless a section says otherwise.

            ## Machine

            \(machine.markdown())
            To reproduce: `swift build -c release && .build/release/baton bench report` (about 40 minutes),
            or one section with `baton bench <section>` (`baton bench --help`).


            """
    }
}
