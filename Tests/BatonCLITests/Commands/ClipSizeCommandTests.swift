import Foundation
import Testing

@testable import BatonCLI

@Suite("clip-size command", .timeLimit(.minutes(10)))
struct ClipSizeCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/thinning").path

    @Test(
        "clip-size exits 0 when every variant fits, 1 when one is over, 2 for an unreadable report",
        arguments: [
            (["clip-fits.txt", "--min-ios", "16"], ExitCode.success, "ok: 3 variant(s) within 15.00 MB"),
            (["clip-fits.txt"], .success, "iOS 16+, physical invocations"),
            (["clip-oversized.txt"], .checkFailed, "1 of 2 variant(s) over 15.00 MB"),
            (["clip-oversized.txt", "--min-ios", "17", "--invocations", "digital"], .success, "within 100.00 MB"),
            (["clip-fits.txt", "--min-ios", "15"], .checkFailed, "over 10.00 MB"),
            (["app-and-clip.txt", "--clip", "FamilyClip"], .success, "ok: 1 variant(s)"),
            (["app-and-clip.txt"], .checkFailed, "over"),
            (["does-not-exist.txt"], .usageOrInputError, "can't read"),
            (["."], .usageOrInputError, "can't read"),
            (["../entitlements/app-good.entitlements"], .usageOrInputError, "report_not_a_thinning_report"),
            (["clip-fits.txt", "--invocations", "nfc"], .usageOrInputError, "digital or physical"),
        ])
    func exitCodes(arguments: [String], code: ExitCode, expected: String) {
        let captured = CapturedConsole()
        let path = "\(Self.fixtures)/\(arguments[0])"
        #expect(BatonCommandLine.run(["clip-size", path] + arguments.dropFirst(), console: captured.console) == code)
        #expect((captured.out + captured.err).contains(expected), "\(captured.out)\(captured.err)")
    }

    @Test("clip-size --json prints each variant's bytes, limit and headroom")
    func json() throws {
        let captured = CapturedConsole()
        _ = BatonCommandLine.run(["clip-size", "\(Self.fixtures)/clip-oversized.txt", "--json"], console: captured.console)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect(object["limit_bytes"] as? Int == 15_000_000)
        let variants = try #require(object["variants"] as? [[String: Any]])
        #expect(variants.map { $0["headroom_bytes"] as? Int } == [100_000, -300_000])
        #expect(variants.map { $0["over"] as? Bool } == [false, true])
    }
}
