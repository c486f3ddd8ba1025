import Foundation
import Testing

/// docs/architecture.md is the map a new engineer reads first: every file it
/// names must still be where it says.
@Suite("The architecture map", .timeLimit(.minutes(10)))
struct ArchitectureMapTests {
    /// Every file name the page writes in backticks (`Server.swift`,
    /// `Migrations/0012_guess_budget.sql`); names with a wildcard or a
    /// placeholder (`*Command.swift`, `{a,b}.png`) stand for a family, not a file.
    static func namedFiles(in text: String) -> Set<String> {
        let named = text.matches(of: /`([A-Za-z0-9_+.\/-]+\.(?:swift|sql|md|c|h|sh|py|yaml|json|html))`/)
        return Set(named.map { String($0.output.1) })
    }

    @Test("every file docs/architecture.md names exists in the repository")
    func everyNamedFileExists() {
        let named = Self.namedFiles(in: DeployFiles.text("docs/architecture.md"))
        let paths = DeployFiles.repositoryPaths()
        let names = Set(paths.map { ($0 as NSString).lastPathComponent })
        #expect(named.count > 100, "the page's file names were not found: \(named.count)")
        let missing = named.filter { file in
            file.contains("/") ? !paths.contains { $0 == file || $0.hasSuffix("/" + file) } : !names.contains(file)
        }
        #expect(missing.isEmpty, "docs/architecture.md names files that do not exist: \(missing.sorted())")
    }

    @Test("a file that is gone is reported, and one that exists is not")
    func theCheckSeesAMissingFile() {
        let named = Self.namedFiles(in: "the map names `Server.swift`, `RejectionFlusher.swift` and `HTTP/Server`")
        #expect(named == ["Server.swift", "RejectionFlusher.swift"])
    }
}
