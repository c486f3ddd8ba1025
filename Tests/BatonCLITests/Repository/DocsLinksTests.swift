import Foundation
import Testing

/// The docs point at each other instead of retelling (performance lives on
/// docs/benchmarks.md and docs/performance.md, the module pages link there):
/// every such pointer must still land on a page and a heading that exist, or
/// moving a section silently breaks the pages that cite it.
@Suite("Links between the docs", .timeLimit(.minutes(10)))
struct DocsLinksTests {
    /// The Markdown pages whose links and citations are checked.
    static var pages: [String] {
        ["README.md"] + DeployFiles.repositoryPaths().filter { $0.hasPrefix("docs/") && $0.hasSuffix(".md") }.sorted()
    }

    /// A heading's anchor as GitHub makes it: lower case, backticks and every
    /// punctuation mark or symbol dropped (hyphens and underscores kept),
    /// spaces turned into hyphens.
    static func slug(_ heading: String) -> String {
        let kept = heading.lowercased().filter { character in
            character == "-" || character == "_" || character == " "
                || character.unicodeScalars.allSatisfy { scalar in
                    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || scalar.properties.generalCategory == .nonspacingMark
                }
        }
        return kept.replacingOccurrences(of: " ", with: "-")
    }

    /// The headings of a Markdown text outside code fences, as written
    /// (backticks removed), in order.
    static func headings(in text: String) -> [String] {
        var inFence = false
        var titles: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, let match = line.wholeMatch(of: /#{1,6} (.+)/) else { continue }
            titles.append(String(match.output.1).replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces))
        }
        return titles
    }

    /// Every anchor the headings of `text` get; a repeated heading gets `-1`,
    /// `-2` … after its first, as on GitHub.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        return Set(
            headings(in: text).map { title in
                let slug = slug(title)
                defer { seen[slug, default: 0] += 1 }
                return seen[slug].map { "\(slug)-\($0)" } ?? slug
            })
    }

    /// The relative link targets of a Markdown text (`page.md#anchor`,
    /// `#anchor`, `../deploy/file`); web addresses are left out.
    static func relativeLinks(in text: String) -> [String] {
        text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }.filter { $0.firstMatch(of: /^[a-z]+:/) == nil }
    }

    /// What is wrong with `link` written on the page at `page`: nil when it
    /// resolves to an existing file and, after `#`, one of its headings.
    static func problem(with link: String, on page: String, files: Set<String>, text: (String) -> String) -> String? {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let target = path.isEmpty ? page : Self.resolve(path, from: page)
        guard files.contains(target) || files.contains(where: { $0.hasPrefix(target + "/") }) else {
            return "\(page): \(link): no file \(target)"
        }
        guard parts.count == 2, target.hasSuffix(".md") else { return nil }
        return anchors(in: text(target)).contains(String(parts[1])) ? nil : "\(page): \(link): \(target) has no such heading"
    }

    /// `path` relative to the directory of `page`, with `.` and `..` resolved.
    static func resolve(_ path: String, from page: String) -> String {
        var components = page.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(String(part))
            }
        }
        return components.joined(separator: "/")
    }

    /// Citations of the form `docs/PAGE.md, "Heading"` or `docs/PAGE.md
    /// ("Heading"`, found after comment markers and line breaks are folded
    /// into spaces; a quote ending in `…` stands for a heading's beginning.
    static func citations(in text: String) -> [(page: String, heading: String)] {
        let folded = text.replacing(/\n[ \t]*(?:\/\/\/?[ \t]*)?/, with: " ")
        return folded.matches(of: /(docs\/[A-Za-z0-9_.-]+\.md)(?:\)?,| \()[ ]*"([^"]+)"/).map {
            (String($0.output.1), String($0.output.2).replacingOccurrences(of: "`", with: ""))
        }
    }

    /// Whether `quoted` names one of `headings`: the whole heading, or its
    /// beginning (a heading's dated or subtitled tail may be left out).
    static func names(_ quoted: String, oneOf headings: [String]) -> Bool {
        let stem = quoted.hasSuffix("…") ? String(quoted.dropLast()).trimmingCharacters(in: .whitespaces) : quoted
        return headings.contains { $0.hasPrefix(stem) }
    }

    @Test("every relative link in README and docs names a file that exists and, after #, one of its headings")
    func everyLinkResolves() {
        let files = Set(DeployFiles.repositoryPaths())
        var checked = 0
        var problems: [String] = []
        for page in Self.pages {
            for link in Self.relativeLinks(in: DeployFiles.text(page)) {
                checked += 1
                if let problem = Self.problem(with: link, on: page, files: files, text: DeployFiles.text) { problems.append(problem) }
            }
        }
        #expect(checked > 50, "the pages' links were not found: \(checked)")
        #expect(problems.isEmpty, "links that lead nowhere:\n\(problems.joined(separator: "\n"))")
    }

    @Test("every docs/PAGE.md, \"Heading\" citation in the docs, README and Sources names a heading of that page")
    func everyCitationNamesAHeading() {
        let sources = DeployFiles.repositoryPaths().filter { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }
        var checked = 0
        var problems: [String] = []
        for file in Self.pages + sources {
            for (page, heading) in Self.citations(in: DeployFiles.text(file)) {
                checked += 1
                let text = DeployFiles.text(page)
                if text.isEmpty {
                    problems.append("\(file): \(page) does not exist")
                } else if !Self.names(heading, oneOf: Self.headings(in: text)) {
                    problems.append("\(file): \(page) has no heading \"\(heading)\"")
                }
            }
        }
        #expect(checked > 30, "the citations were not found: \(checked)")
        #expect(problems.isEmpty, "citations of headings that are not there:\n\(problems.joined(separator: "\n"))")
    }

    @Test(
        "a heading's anchor is GitHub's: punctuation dropped, spaces to hyphens, a repeat numbered",
        arguments: [
            ("## The security pass (2026-12-02, 16:41–17:08 UTC)", "the-security-pass-2026-12-02-16411708-utc"),
            ("### `/healthz` on the HTTP module, `baton-bench http`", "healthz-on-the-http-module-baton-bench-http"),
            ("## Funnel at 10^7 invites", "funnel-at-107-invites"),
            ("## The speed issue's figures", "the-speed-issues-figures"),
        ])
    func anchorIsGitHubs(heading: String, anchor: String) {
        #expect(Self.anchors(in: heading) == [anchor])
        #expect(Self.anchors(in: "# Same\n\n## Same\n\n```\n# not a heading\n```\n") == ["same", "same-1"])
    }

    @Test("a link to a missing heading or page, and a citation of a missing heading, are reported")
    func theChecksSeeWhatIsMissing() {
        let files: Set<String> = ["docs/a.md", "docs/b.md", "bench/ceiling/api.c"]
        let text: (String) -> String = { $0 == "docs/b.md" ? "# B\n\n## Targets\n" : "# A\n" }
        #expect(Self.problem(with: "b.md#targets", on: "docs/a.md", files: files, text: text) == nil)
        #expect(Self.problem(with: "../bench/ceiling", on: "docs/a.md", files: files, text: text) == nil)
        #expect(Self.problem(with: "b.md#gone", on: "docs/a.md", files: files, text: text) != nil)
        #expect(Self.problem(with: "c.md", on: "docs/a.md", files: files, text: text) != nil)
        let cited = Self.citations(in: "see docs/b.md, \"Targets\" and (docs/b.md,\n/// \"The full rerun …\")")
        #expect(cited.map(\.heading) == ["Targets", "The full rerun …"])
        #expect(Self.names("The full rerun …", oneOf: ["The full rerun after the batch handler"]))
        #expect(!Self.names("Second pass", oneOf: ["B", "Targets"]))
    }
}
