import Foundation
import Testing

@Suite("docs/ios-integration.md shows the example's own code", .timeLimit(.minutes(10)))
struct GuideSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../..").standardizedFileURL

    /// Every Swift block of the guide whose first line names a file under
    /// `Examples/`: the file and the rest of the block.
    static let snippets: [(file: String, code: String)] = {
        let guide = (try? String(contentsOf: root.appending(path: "docs/ios-integration.md"), encoding: .utf8)) ?? ""
        return guide.components(separatedBy: "```swift\n").dropFirst().compactMap { block in
            let body = block.components(separatedBy: "\n```").first ?? ""
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            guard let first = lines.first, first.hasPrefix("// Examples/") else { return nil }
            return (String(first.dropFirst(3)), lines.dropFirst().joined(separator: "\n"))
        }
    }()

    @Test("the guide quotes at least the clip's and the app's entry points")
    func guideHasSnippets() {
        let files = Set(Self.snippets.map(\.file))
        #expect(
            files.isSuperset(of: [
                "Examples/HandoffFlow/AppSide/InviteClipView.swift", "Examples/HandoffFlow/AppSide/FamilyAppDelegate.swift",
                "Examples/HandoffFlow/Clip/ClipLaunch.swift", "Examples/HandoffFlow/App/AppLaunch.swift",
            ]))
    }

    @Test("every snippet is a verbatim part of the file it names", arguments: snippets.map { [$0.file, $0.code] })
    func snippetMatchesFile(snippet: [String]) throws {
        let source = try String(contentsOf: Self.root.appending(path: snippet[0]), encoding: .utf8)
        #expect(!snippet[1].isEmpty && source.contains(snippet[1]), "\(snippet[0]) no longer contains the guide's snippet")
    }
}
