import BatonCLI
import Foundation
import Testing

@testable import BatonBenchCLI

/// docs/benchmarks.md keeps the one list of targets; each names the
/// benchmark that measures it, so a target whose benchmark was renamed or
/// removed shows here instead of staying on the page unmeasured.
@Suite("The targets list", .timeLimit(.minutes(10)))
struct BenchmarkTargetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The rows of the table under `## Targets` in `text`, split into cells.
    static func targetRows(in text: String) -> [[String]] {
        let section = text.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "## Targets" }.dropFirst().prefix { !$0.hasPrefix("## ") }
        return section.filter { $0.hasPrefix("| ") }.dropFirst().map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The subcommands `baton-bench` has.
    static var subcommands: Set<String> {
        guard case .group(_, _, let children) = BenchCommandLine.tree else { return [] }
        return Set(
            children.compactMap { child in
                guard case .command(let type) = child else { return nil }
                return type.spec.name
            })
    }

    @Test("every target in docs/benchmarks.md names a baton-bench subcommand that exists, or a script in the repository")
    func everyTargetNamesItsBenchmark() throws {
        let rows = Self.targetRows(in: try String(contentsOf: Self.root.appending(path: "docs/benchmarks.md"), encoding: .utf8))
        #expect(rows.count >= 10, "the Targets table was not found: \(rows.count) rows")
        let subcommands = Self.subcommands
        #expect(subcommands.contains("api") && subcommands.contains("report"))
        for row in rows {
            #expect(row.count == 7, "a row of 7 cells: \(row)")
            guard row.count == 7 else { continue }
            let (measure, benchmark, target) = (row[0], row[1], row[3])
            #expect(!target.isEmpty && target != "–", "\(measure) has no target")
            if let named = benchmark.firstMatch(of: /`baton-bench ([a-z]+)`/) {
                #expect(subcommands.contains(String(named.output.1)), "\(measure): no such subcommand in \(benchmark)")
            } else if let script = benchmark.firstMatch(of: /`([A-Za-z0-9_\/.-]+)`/) {
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appending(path: String(script.output.1)).path),
                    "\(measure): \(benchmark) is not in the repository")
            } else {
                #expect(benchmark == "none yet", "\(measure): the benchmark cell names nothing: \(benchmark)")
            }
        }
    }

    @Test("no other page of docs keeps a Targets list of its own")
    func oneTargetsList() throws {
        let docs = Self.root.appending(path: "docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        let withTargets = try pages.filter { page in
            try String(contentsOf: docs.appending(path: page), encoding: .utf8)
                .split(separator: "\n").contains { $0.wholeMatch(of: /#{2,6} Targets/) != nil }
        }
        #expect(withTargets == ["benchmarks.md"], "pages with a Targets heading: \(withTargets.sorted())")
    }
}
