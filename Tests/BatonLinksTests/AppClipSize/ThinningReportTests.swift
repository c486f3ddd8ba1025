import Foundation
import Testing

@testable import BatonLinks

@Suite("App Thinning Size Reports", .timeLimit(.minutes(10)))
struct ThinningReportTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/thinning")

    static func fixture(_ name: String) throws -> ThinningReport {
        try ThinningReport(Data(contentsOf: fixtures.appending(path: name)))
    }

    @Test(
        "sizes in the report's units are read exactly into bytes",
        arguments: [
            ("Zero KB", 0), ("Zero MB", 0), ("303 KB", 303_000), ("13.1 MB", 13_100_000), ("8.123 MB", 8_123_000),
            ("1.2 GB", 1_200_000_000), ("512 bytes", 512), ("0.5 KB", 500), ("15 MB", 15_000_000), ("999.999 KB", 999_999),
        ] as [(String, Int64)])
    func sizes(text: String, bytes: Int64) {
        #expect(ReportedSize(parsing: text[...])?.bytes == bytes)
    }

    @Test(
        "malformed sizes are refused, not rounded",
        arguments: [
            "", "MB", "13.1", "13.1MB", "13,1 MB", "1.2345 KB", "0.5 bytes", "-1 MB", "1. MB", ".5 MB", "1 TB", "9999999 GB", "١٢ MB",
        ])
    func badSizes(text: String) {
        #expect(ReportedSize(parsing: text[...]) == nil)
    }

    @Test(
        "sizes are shown rounded half up in MB, KB or bytes, down to the extremes of Int64",
        arguments: [
            (0, "0 bytes"), (999, "999 bytes"), (1_000, "1.0 KB"), (999_949, "999.9 KB"), (999_950, "1000.0 KB"),
            (-300_000, "-300.0 KB"), (15_000_000, "15.00 MB"), (14_995_000, "15.00 MB"), (14_994_999, "14.99 MB"),
            (.max, "9223372036854.78 MB"), (.min, "-9223372036854.78 MB"),
        ] as [(Int64, String)])
    func shownSizes(bytes: Int64, text: String) {
        #expect(ReportedSize(bytes: bytes).text == text)
    }

    @Test("every variant is read with its sizes, on-demand resources and lowest iOS version")
    func variants() throws {
        let report = try Self.fixture("clip-fits.txt")
        #expect(report.product == "FamilyClip")
        #expect(report.variants.count == 3)
        let second = report.variants[1]
        #expect(second.name == "FamilyClip-174FD93A-9E4E-4F9A-9087-27B87F10BA73.ipa")
        #expect(second.compressed.bytes == 4_900_000 && second.uncompressed.bytes == 12_650_000)
        #expect(second.onDemandResources.bytes == 1_200_000)
        #expect(report.variants.map(\.lowestOSMajor) == [16, 16, 17])
    }

    @Test(
        "the limit follows the minimum iOS version and the invocations",
        arguments: [
            (14, ClipSizeBudget.Invocations.physical, 10), (15, .digital, 10), (16, .digital, 15), (16, .physical, 15),
            (17, .physical, 15), (17, .digital, 100), (18, .digital, 100),
        ] as [(Int, ClipSizeBudget.Invocations, Int64)])
    func limits(minimumIOS: Int, invocations: ClipSizeBudget.Invocations, megabytes: Int64) {
        #expect(ClipSizeBudget(minimumIOS: minimumIOS, invocations: invocations).limit == .megabytes(megabytes))
    }

    @Test("an oversized variant is over by exactly its excess, the others keep their headroom")
    func oversized() throws {
        let lines = try ClipSizeBudget(minimumIOS: 16, invocations: .physical).lines(for: Self.fixture("clip-oversized.txt"))
        #expect(lines.map(\.isOver) == [false, true])
        #expect(lines.map(\.headroom.bytes) == [100_000, -300_000])
        #expect(lines[1].headroom.text == "-300.0 KB")
    }

    @Test("a clip name picks the clip's variants out of a report that lists the app too")
    func clipName() throws {
        let report = try Self.fixture("app-and-clip.txt")
        let budget = ClipSizeBudget(minimumIOS: 16, invocations: .physical)
        #expect(try budget.lines(for: report).contains(where: \.isOver))
        #expect(try budget.lines(for: report, clipName: "FamilyClip").map(\.isOver) == [false])
        #expect(throws: ClipSizeError.noClipVariants) { try budget.lines(for: report, clipName: "Other") }
    }

    static let header = "App Thinning Size Report for All Variants of Clip\n\n"
    static let goodVariant = "Variant: Clip.ipa\nApp size: 1 MB compressed, 2 MB uncompressed\n"

    @Test(
        "an unreadable report is refused with the reason and line",
        arguments: [
            ("", ClipSizeError.notAReport),
            ("Hello\n", .notAReport),
            (header, .noVariants),
            (header + "Variant: Clip.ipa\n", .missingAppSize(line: 3)),
            (
                header + "Variant: Clip.ipa\nApp size: 1 MB compressed\n",
                .malformed(line: 4, what: "a size that is not “N unit compressed, N unit uncompressed”")
            ),
            (
                header + "Variant: Clip.ipa\nApp size: lots compressed, 2 MB uncompressed\n",
                .malformed(line: 4, what: "a size that is not “N unit compressed, N unit uncompressed”")
            ),
            (
                header + goodVariant + "App size: 1 MB compressed, 2 MB uncompressed\n",
                .malformed(line: 5, what: "a second App size line in one variant")
            ),
            (header + "Variant: \n", .malformed(line: 3, what: "a variant without a name")),
            (
                header + "Variant: Clip.ipa\nSupported variant descriptors: [device: iPhone14,5]\n",
                .malformed(line: 4, what: "variant descriptors without an os-version")
            ),
            ("\u{FF}", .notUTF8),
        ] as [(String, ClipSizeError)])
    func malformed(text: String, error: ClipSizeError) {
        let bytes = text == "\u{FF}" ? [0xFF] : Array(text.utf8)
        #expect(throws: error) { try ThinningReport(bytes) }
    }

    @Test("a report over the size limit is refused before it is read")
    func tooLarge() {
        #expect(throws: ClipSizeError.tooLarge(limit: ThinningReport.sizeLimit)) {
            try ThinningReport([UInt8](repeating: 0x20, count: ThinningReport.sizeLimit + 1))
        }
    }

    @Test("windows line endings and unknown lines are read like Xcode's own")
    func tolerant() throws {
        let text = (Self.header + "Variant: Clip.ipa\nSomething new: 3\n" + "App size: 1 MB compressed, 2 MB uncompressed\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try ThinningReport(Array(text.utf8)).variants.map(\.uncompressed.bytes) == [2_000_000])
    }

    @Test("random damage to a real report never crashes the parser")
    func damaged() throws {
        let original = try Array(Data(contentsOf: Self.fixtures.appending(path: "clip-fits.txt")))
        var generator = SeededGenerator(state: 42)
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[Int.random(in: 0..<bytes.count, using: &generator)], at: index)
                }
            }
            if let report = try? ThinningReport(bytes) {
                #expect(!report.variants.isEmpty)
                #expect(report.variants.allSatisfy { $0.uncompressed.bytes >= 0 })
            }
        }
    }
}
