import Foundation
import Testing

@testable import BatonCLI

@Suite("doctor --android", .timeLimit(.minutes(10)))
struct DoctorAndroidCommandTests {
    static let fingerprint = (0..<32).map { String(format: "%02X", $0 * 3) }.joined(separator: ":")

    /// An assetlinks.json for `package` and `fingerprints`, in a temporary file.
    static func assetLinks(package: String = "com.example.family", fingerprints: [String] = [fingerprint]) throws -> String {
        let statements: [[String: Any]] = [
            [
                "relation": ["delegate_permission/common.handle_all_urls"],
                "target": ["namespace": "android_app", "package_name": package, "sha256_cert_fingerprints": fingerprints],
            ]
        ]
        let file = FileManager.default.temporaryDirectory.appending(path: "assetlinks-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: statements).write(to: file)
        return file.path
    }

    static func run(_ arguments: [String]) -> (ExitCode, String) {
        let captured = CapturedConsole()
        let code = BatonCommandLine.run(["doctor", "--android"] + arguments, console: captured.console)
        return (code, captured.out + captured.err)
    }

    @Test("a file granting App Links to the package and the certificate passes with exit 0")
    func goodFile() throws {
        let (code, output) = Self.run(
            ["--assetlinks", try Self.assetLinks(), "--package", "com.example.family", "--cert-fingerprint", Self.fingerprint])
        #expect(code == .success)
        #expect(output.contains("ok: nothing found"))
    }

    @Test("a missing certificate or another package exits 1 and names the finding, also as JSON")
    func findingsFail() throws {
        let other = String(repeating: "AB:", count: 31) + "AB"
        let file = try Self.assetLinks()
        let (missing, text) = Self.run(["--assetlinks", file, "--package", "com.example.family", "--cert-fingerprint", other])
        #expect(missing == .checkFailed)
        #expect(text.contains("assetlinks_fingerprint_missing"))
        let (wrongPackage, json) = Self.run(["--assetlinks", file, "--package", "com.example.other", "--json"])
        #expect(wrongPackage == .checkFailed)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let codes = (object["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["assetlinks_package_missing"])
    }

    @Test(
        "bad usage exits 2 with a sentence: no source, both sources, a malformed fingerprint, an unreadable file",
        arguments: [
            ([String](), "--android needs --assetlinks FILE or --live https://HOST"),
            (["--assetlinks", "/nonexistent/assetlinks.json", "--live", "https://baton.example"], "--android needs"),
            (["--assetlinks", "/nonexistent/assetlinks.json", "--cert-fingerprint", "AB:CD"], "is not a SHA-256 fingerprint"),
            (["--assetlinks", "/nonexistent/assetlinks.json"], "can't read"),
            (["--live", "http://baton.example"], "--live must be https://HOST"),
        ])
    func usageErrors(arguments: [String], expected: String) {
        let (code, output) = Self.run(arguments)
        #expect(code == .usageOrInputError)
        #expect(output.contains(expected))
    }
}
