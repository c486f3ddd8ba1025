import BatonBench
import BatonCLI
import Foundation
import SafeText

/// `baton-bench report`: every benchmark in one run, written as one Markdown
/// report between the marker lines of docs/benchmarks.md (`ReportPage`),
/// leaving the page's hand-written text alone.
enum BenchReportCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "report",
        summary: "Run every benchmark on one throwaway cluster and write one Markdown report with the machine described.",
        options: [
            .value(
                "output", "FILE",
                "The page the report goes into, between its marker lines (default docs/benchmarks.md); a file that does not exist is created."
            ),
            .value(
                "repeat", "N",
                "Runs of every measurement, the scaling section's at each size included, 1-9 (default 3); medians with min–max are reported."
            ),
            .value(
                "only", "LIST",
                "Comma-separated sections to run: \(Section.allCases.map(\.rawValue).joined(separator: ", ")) (default all)."),
            .value(
                "sizes", "LIST",
                "Comma-separated invites-table sizes the scaling section measures at, 1000-100000000 each (default 10000,1000000,10000000; with --quick 10000,100000)."
            ),
            .flag(
                "quick",
                "Small sizes (10^4 and 10^5 invites, 100,000 to expire or to report a funnel over, 20,000 jobs): a smoke run, not figures to publish."
            ),
        ],
        discussion: """
            Starts one PostgreSQL cluster (fsync on) and gives each section its own database on it.
            Sections run one after another, each repeating its runs --repeat times and reporting
            the median with min–max. A section that fails is written into the report with its error and
            the run goes on; the exit status is then 1.
            The report replaces only the text between the lines \(ReportPage.beginMarker) and
            \(ReportPage.endMarker) of the output page; the rest of the page is kept as it is. A page
            without both markers, or with either twice, is refused before anything runs (exit 2, the
            page unchanged). With --only the part between the markers holds only those sections: give a
            partial run its own --output.
            Full sizes: 50,000 jobs burnt down, 10^6 invites expired (--repeat times), the API at about
            9 × 10^4, 10^6 and 10^7 invites (grown with a generated history once per size, then measured
            --repeat times there; --sizes picks other sizes), a funnel over 10^6 invites (`baton-bench funnel`
            alone does 10^7). Takes about 30 minutes on 2 quiet cores at --repeat 3, 6 of them filling
            the table to 10^7; --quick or --sizes 10000,100000 for a short run.
            Run from the repository root on a release build with wrk and pgbench installed; nothing
            else should load the machine.
            """,
        examples: [
            "swift build -c release && .build/release/baton-bench report",
            ".build/release/baton-bench report --quick --output /tmp/bench.md",
            ".build/release/baton-bench report --only scaling --sizes 10000,1000000 --repeat 5 --output /tmp/scaling.md",
        ]
    )

    /// The report's sections, in the order they run.
    enum Section: String, CaseIterable {
        case handoff, http, pool, api, metrics, invites, queue, webhooks, serve, scaling, funnel
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let output = arguments.string("output") ?? "docs/benchmarks.md"
        let repeats = try arguments.int("repeat", in: 1...9) ?? 3
        let quick = arguments.flag("quick")
        let sections = try selectedSections(arguments.string("only"))
        let sizes = try scalingSizes(arguments.string("sizes"), quick: quick)
        let page = try existingPage(output)
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
                let settings = Settings(repeats: repeats, quick: quick, sizes: sizes)
                text += try measure(section, in: cluster, settings, console: console).markdown()
            } catch {
                failed.append(section)
                console.err("\(section.rawValue) failed: \(error)")
                text += "## \(section.rawValue)\n\n**Failed:** \(SafeText.escaped(String(describing: error)))\n"
            }
            text += "\n_`\(section.rawValue)` took \((ContinuousClock.now - started).components.seconds) s._\n\n"
            let written = page?.replacing(with: text) ?? ReportPage.fresh(text)
            try written.write(toFile: output, atomically: true, encoding: .utf8)
        }
        console.out("wrote \(output)" + (failed.isEmpty ? "" : "; failed: \(failed.map(\.rawValue).joined(separator: ", "))"))
        return failed.isEmpty ? .success : .checkFailed
    }

    /// The page at `path` read for its markers, or nil when there is no file
    /// yet. Throws `ReportPageError` for a page that cannot take the report,
    /// before any benchmark runs.
    static func existingPage(_ path: String) throws -> ReportPage? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try ReportPage(text: String(contentsOfFile: path, encoding: .utf8))
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

    /// What the options ask of every section.
    private struct Settings {
        var repeats: Int
        var quick: Bool
        var sizes: [Int]
    }

    private static func scalingSizes(_ list: String?, quick: Bool) throws -> [Int] {
        guard let list else { return quick ? [10_000, 100_000] : [10_000, 1_000_000, 10_000_000] }
        let sizes = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, sizes.count == list.split(separator: ",").count, sizes.allSatisfy({ (1_000...100_000_000).contains($0) })
        else {
            throw UsageError("--sizes takes comma-separated whole numbers from 1000 to 100000000, such as 10000,1000000.")
        }
        return sizes
    }

    private static func measure(_ section: Section, in cluster: BenchCluster, _ settings: Settings, console: Console) throws
        -> BenchmarkReport
    {
        let (repeats, quick) = (settings.repeats, settings.quick)
        let database = try cluster.freshDatabase("bench_\(section.rawValue)")
        let api = APIBenchmark.Options(conninfo: database, repetitions: repeats)
        switch section {
        case .handoff:
            return HandoffDecodeBenchmark.run(seconds: 1, repetitions: repeats)
        case .http:
            return try HTTPBenchmark.run(HTTPBenchmark.Options(repetitions: repeats))
        case .pool:
            return try PoolBenchmark(conninfo: database, rounds: repeats).run()
        case .api:
            return try APIBenchmark(api).run()
        case .metrics:
            return try MetricsBenchmark(.init(conninfo: database, repeats: repeats)).run()
        case .invites:
            return try InviteCreationBenchmark(conninfo: database, rounds: repeats).run()
        case .queue:
            return try QueueBenchmark(
                conninfo: database, jobs: quick ? 20_000 : 50_000, concurrency: 10,
                invites: quick ? 100_000 : 1_000_000, latencySamples: 200, rounds: max(repeats, 2)
            ).run()
        case .webhooks:
            return try WebhookBenchmark(conninfo: database, jobs: quick ? 10_000 : 50_000, rounds: max(repeats, 2)).run()
        case .serve:
            return try ServeStartupBenchmark(BenchServeCommand.options(conninfo: database, runs: 2 * repeats + 1, idle: 2)).run()
        case .scaling:
            var scaling = api
            // The fills dominate; 2 s runs, repeated at each size, keep the
            // measurements to about a minute a size. The fresh invites for
            // every repetition's redeems make the smallest table about
            // 2 × 10^5 rows at 3 repetitions rather than 10^4.
            scaling.seconds = 2
            scaling.redeemInvites = APIBenchmark.Options.freshInvites(seconds: scaling.seconds, repetitions: repeats)
            return try ScalingBenchmark(.init(api: scaling, sizes: settings.sizes)).run { console.err($0) }
        case .funnel:
            // 10^6 invites keep the report within the hour; `baton-bench funnel` runs 10^7.
            return try FunnelBenchmark(conninfo: database, invites: quick ? 100_000 : 1_000_000, families: 10_000, tail: 10_000, repeats: 5)
                .run(progress: console.err)
        }
    }

    /// How every figure is made, for the report's reader: what repeats,
    /// what a cell shows, and the figures that are single runs on purpose.
    static func method(repeats: Int) -> String {
        let runs =
            repeats == 1
            ? "Every measurement runs once (`--repeat 1`), the serve section's three times, the funnel's queries five: most figures are single runs."
            : "Every measurement runs \(repeats) times (`--repeat`; the serve section starts \(2 * repeats + 1) processes, the funnel times each query five times):"
        return """
            \(runs) Baton's figure is the median with its
            min–max in brackets, the ceiling's is the median of its own runs, measured alternately with Baton's (some
            sections give the ceiling's min–max in its name). Timed runs of a section share one database and one set of
            fixtures; only the timed part repeats. The queue's expiry of 10^6 invites refills the table before each
            of its runs, and the NOTIFY wake-up latency is a p50 and p99 per round of samples, the rows giving their
            medians. The scaling section fills the invites table once per size (the fill is the expensive part) and
            repeats the API benchmark's whole sequence there; its first table shows each size on one line (preview
            and redeem req/s, p50, p99, server CPU per request, and Baton's req/s as a percentage of the C ceiling's
            in the same repetition), each cell a median with its min–max. The only single runs are the funnel's
            generation and rollup, which build the state its reports read and say so in their notes.
            """
    }

    private static func header(machine: MachineDescription, repeats: Int, quick: Bool) -> String {
        let date = ISO8601DateFormatter().string(from: Date())
        return """
            ## The latest report

            Written by `baton-bench report`\(quick ? " --quick (smoke sizes: not figures to judge by)" : "") on \(date).
            Every figure stands next to the ceiling it is judged against, measured on the same machine in the same
            run (the targets are the page's "Targets" section), and the ratio is ours over the ceiling. Throughput
            ratios are better high; for latency and memory rows (ms, MiB) a ratio above 100 % means Baton costs more
            than the ceiling.

            ## Method

            \(method(repeats: repeats))

            ## Machine

            \(machine.markdown())
            To reproduce: `swift build -c release && .build/release/baton-bench report` (about 30 minutes),
            or one section with `baton-bench <section>` (`baton-bench --help`).


            """
    }
}
