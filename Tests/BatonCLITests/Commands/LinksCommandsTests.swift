import Foundation
import Testing

@testable import BatonCLI

@Suite("check-url and doctor commands", .timeLimit(.minutes(10)))
struct LinksCommandsTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/entitlements").path

    @Test(
        "check-url exits 0 for valid URLs and 1 when any is invalid, naming the failed check",
        arguments: [
            (["https://baton.example/invite/0123456789ABCDEFGHJKMNPQRS"], ExitCode.success, "valid"),
            (
                ["https://baton.example/invite/0123456789ABCDEFGHJKMNPQRS", "http://baton.example/invite/x"], .checkFailed,
                "scheme_not_https"
            ),
            (["https://evil.example/invite/0123456789ABCDEFGHJKMNPQRS"], .checkFailed, "host_not_allowed"),
        ])
    func checkURL(urls: [String], code: ExitCode, expected: String) {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["check-url", "--host", "baton.example"] + urls, console: captured.console) == code)
        #expect(captured.out.contains(expected))
    }

    @Test("check-url --json prints one parseable object per URL")
    func checkURLJSON() throws {
        let captured = CapturedConsole()
        _ = BatonCommandLine.run(
            ["check-url", "--json", "--host", "baton.example", "https://baton.example/a%0Ab"], console: captured.console)
        let object = try JSONSerialization.jsonObject(with: Data(captured.out.utf8)) as? [String: Any]
        #expect(object?["valid"] as? Bool == false)
    }

    @Test(
        "doctor exits 0 for matching entitlements, 1 for an App Group case mismatch, 2 for an unreadable file",
        arguments: [
            ("clip-good.entitlements", ExitCode.success, "ok: nothing found"),
            ("clip-group-case.entitlements", .checkFailed, "app_group_case_mismatch"),
            ("does-not-exist.entitlements", .usageOrInputError, "can't read"),
        ])
    func doctor(clip: String, code: ExitCode, expected: String) {
        let captured = CapturedConsole()
        let result = BatonCommandLine.run(
            [
                "doctor", "--app", "\(Self.fixtures)/app-good.entitlements", "--clip", "\(Self.fixtures)/\(clip)",
                "--team-id", "ABCDE12345", "--host", "baton.example",
            ], console: captured.console)
        #expect(result == code)
        #expect((captured.out + captured.err).contains(expected))
    }
}
