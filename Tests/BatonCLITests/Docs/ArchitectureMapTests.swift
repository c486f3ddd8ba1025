import Foundation
import Testing

/// docs/architecture.md is the map a new engineer reads first: every file it
/// names must still be where it says.
@Suite("The architecture map")
struct ArchitectureMapTests {
    /// Every file name the page writes in backticks (`Server.swift`,
    /// `Migrations/0012_guess_budget.sql`); names with a wildcard or a
    /// placeholder (`*Command.swift`, `{a,b}.png`) stand for a family, not a file.
    static func namedFiles(in text: String) -> Set<String> {
        let named = text.matches(of: /`([A-Za-z0-9_+.\/-]+\.(?:swift|sql|md|c|h|sh|py|yaml|json|html))`/)
        return Set(named.map { String($0.output.1) })
    }

    /// The repository's files as paths relative to the root, without build
    /// products, git's own files and virtual environments.
    static func repositoryPaths() -> [String] {
        let root = DeployFiles.root
        let skipped: Set<String> = [".build", ".git", "node_modules"]
        var paths: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".venv") {
                walker?.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                paths.append(String(url.path.dropFirst(root.path.count + 1)))
            }
        }
        return paths
    }

    @Test("every file docs/architecture.md names exists in the repository")
    func everyNamedFileExists() {
        let named = Self.namedFiles(in: DeployFiles.text("docs/architecture.md"))
        let paths = Self.repositoryPaths()
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
