import BatonLinks
import Foundation
import SafeText

/// `baton clip-size REPORT`: measures every App Clip variant of an App
/// Thinning Size Report against Apple's size limit, for the app's CI.
enum ClipSizeCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "clip-size",
        summary: "Check an App Thinning Size Report's App Clip variants against Apple's size limit.",
        positionals: "REPORT",
        positionalCount: 1...1,
        options: [
            .value("min-ios", "N", "The clip's minimum iOS version (default: the lowest os-version in the report)."),
            .value("invocations", "digital|physical", "How the clip is invoked (default physical)."),
            .value("clip", "NAME", "Only variants whose name starts with NAME (a report that also lists the app)."),
            .flag("json", "Print one JSON object."),
        ],
        discussion: """
            Reads the “App Thinning Size Report.txt” Xcode writes when exporting with App
            Thinning and compares each variant's uncompressed app size with the limit: 10 MB for
            iOS 15 and earlier, 15 MB for iOS 16, 100 MB for iOS 17 and later when the clip is
            invoked only digitally, 15 MB otherwise (decimal megabytes, as the report writes them).
            Exit 0 when every variant fits, 1 when any is over, 2 when the report can't be read.
            """,
        examples: [
            "baton clip-size 'Export/App Thinning Size Report.txt' --min-ios 16",
            "baton clip-size report.txt --min-ios 17 --invocations digital --json",
        ]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals[0]
        let invocations =
            try arguments.value("invocations", expected: "digital or physical") { ClipSizeBudget.Invocations(rawValue: $0) }
            ?? .physical
        guard let handle = FileHandle(forReadingAtPath: path) else { throw UsageError("can't read \(SafeText.escaped(path))") }
        defer { try? handle.close() }
        // One byte past the limit, so an oversized file is told apart without reading it all.
        // A failed read (a directory, an I/O error) is the file's fault, not the report's.
        let data: Data
        do {
            data = try handle.read(upToCount: ThinningReport.sizeLimit + 1) ?? Data()
        } catch {
            throw UsageError("can't read \(SafeText.escaped(path))")
        }
        let report = try ThinningReport(data)
        guard let minimumIOS = try arguments.int("min-ios", in: 14...99) ?? report.variants.compactMap(\.lowestOSMajor).min() else {
            throw UsageError("the report names no os-version; give --min-ios N")
        }
        let budget = ClipSizeBudget(minimumIOS: minimumIOS, invocations: invocations)
        let lines = try budget.lines(for: report, clipName: arguments.string("clip"))
        let over = lines.filter(\.isOver).count
        let setting = "iOS \(budget.minimumIOS)+, \(budget.invocations.rawValue) invocations"
        console.result(arguments, json: { json(budget, lines) }) {
            Console.tableText(
                ["VARIANT", "UNCOMPRESSED", "LIMIT", "HEADROOM", "VERDICT"],
                lines.map {
                    [$0.variant.name, $0.variant.uncompressed.text, budget.limit.text, $0.headroom.text, $0.isOver ? "over" : "ok"]
                }
            ) + "\n"
                + (over == 0
                    ? "ok: \(lines.count) variant(s) within \(budget.limit.text) (\(setting))"
                    : "\(over) of \(lines.count) variant(s) over \(budget.limit.text) (\(setting))")
        }
        return lines.contains(where: \.isOver) ? .checkFailed : .success
    }

    private static func json(_ budget: ClipSizeBudget, _ lines: [ClipSizeBudget.Line]) -> [String: Any] {
        [
            "ok": !lines.contains(where: \.isOver), "min_ios": budget.minimumIOS, "invocations": budget.invocations.rawValue,
            "limit_bytes": budget.limit.bytes,
            "variants": lines.map { line in
                [
                    "name": line.variant.name, "uncompressed_bytes": line.variant.uncompressed.bytes,
                    "compressed_bytes": line.variant.compressed.bytes, "on_demand_resources_bytes": line.variant.onDemandResources.bytes,
                    "headroom_bytes": line.headroom.bytes, "over": line.isOver,
                ] as [String: Any]
            },
        ]
    }
}
