import BatonCore
import Foundation
import Testing

@testable import BatonCLI

@Suite("baton --version", .timeLimit(.minutes(10)))
struct BuildInfoTests {
    @Test("--version prints the release, the git commit and the newest embedded migration's number")
    func versionFields() throws {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["--version"], console: captured.console) == .success)
        let lines = captured.out.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == "baton \(BuildInfo.release)")
        #expect(lines[0].wholeMatch(of: /baton [0-9]+\.[0-9]+\.[0-9]+/) != nil)
        #expect(lines[1].wholeMatch(of: /commit ([0-9a-f]{12}|unknown)/) != nil, "\(lines[1])")
        let newest = try #require(try Migration.embedded().last?.version)
        #expect(lines[2] == "schema \(newest)")
    }

    /// Whether this source tree is a git checkout (a clone or a worktree).
    static let builtFromGit = FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../../.git").standardized.path)

    @Test("a binary built from a git checkout names its commit, not unknown", .enabled(if: builtFromGit, "not a git checkout"))
    func commitFromGit() {
        #expect(BuildInfo.current.commit.wholeMatch(of: /[0-9a-f]{12}/) != nil, "\(BuildInfo.current.commit)")
    }

    @Test("the root help names --version")
    func helpNamesVersion() {
        let captured = CapturedConsole()
        #expect(BatonCommandLine.run(["--help"], console: captured.console) == .success)
        #expect(captured.out.contains("'baton --version' for the version, git commit and schema version."))
    }
}
