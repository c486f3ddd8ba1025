import Foundation

/// Reads the files under `deploy/` and `docs/` the consistency tests compare
/// with the code, and lists the repository's files for the tests that keep
/// the tree itself honest (`Tests/BatonCLITests/Repository`). Swift has no YAML parser, so settings are found by their
/// line shape (`NAME=value` or `NAME: value`); scripts/check-deploy parses
/// the YAML for real.
enum DeployFiles {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of `path`, relative to the package root ("" when unreadable,
    /// which the tests' expectations then report).
    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appending(path: path), encoding: .utf8)) ?? ""
    }

    /// The repository's files as paths relative to the root, without build
    /// products, git's own files and virtual environments.
    static func repositoryPaths() -> [String] {
        let root = Self.root
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

    /// Every file under `deploy/`, as paths relative to the package root.
    static var allDeployPaths: [String] {
        let base = root.appending(path: "deploy")
        let files =
            FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true } ?? []
        return files.map { "deploy/" + $0.path.dropFirst(base.path.count + 1) }.sorted()
    }

    /// Every `BATON_*` name mentioned anywhere in `text`.
    static func mentionedSettings(in text: String) -> Set<String> {
        Set(text.matches(of: /BATON_[A-Z0-9_]+/).map { String($0.output) })
    }

    /// The `BATON_*` names that `text` gives a value, as `NAME=value` (env
    /// files) or `NAME: value` (YAML maps); comment lines don't count.
    static func assignedSettings(in text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /\s*(BATON_[A-Z0-9_]+)\s*[=:]\s*"?([^"]*)"?\s*/) else { continue }
            values[String(match.output.1)] = String(match.output.2)
        }
        return values
    }

    /// The first whole number after `key` in `text`, such as the `25` of
    /// `terminationGracePeriodSeconds: 25`.
    static func number(after key: String, in text: String) -> Int? {
        guard let range = text.range(of: key) else { return nil }
        return text[range.upperBound...].firstMatch(of: /\d+/).flatMap { Int($0.output) }
    }

    /// The packages the runtime stage of the Dockerfile installs with apt-get.
    static var dockerRuntimePackages: Set<String> {
        let dockerfile = text("deploy/Dockerfile")
        guard let stage = dockerfile.range(of: "AS runtime"),
            let install = dockerfile[stage.upperBound...].range(of: "apt-get install -y --no-install-recommends")
        else { return [] }
        let rest = dockerfile[install.upperBound...].prefix { $0 != "&" }
        return Set(rest.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" }).map(String.init))
    }

    /// One row of the runtime library table in docs/operations.md.
    struct RuntimeLibrary: Equatable {
        /// The shared objects (`DT_NEEDED` names) the package provides; empty for data packages.
        var sonames: [String]
        var package: String
        /// Whether deploy/Dockerfile installs it (else the base image has it).
        var installedByDockerfile: Bool
    }

    /// The runtime library table of docs/operations.md (between its markers).
    static var documentedRuntimeLibraries: [RuntimeLibrary] {
        section("runtime libraries", in: text("docs/operations.md")).split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, let package = cells[1].firstMatch(of: /`([a-z0-9.+-]+)`/)?.output.1 else { return nil }
            let sonames = cells[0].matches(of: /`([^`]+\.so\.[0-9]+)`/).map { String($0.output.1) }
            return RuntimeLibrary(sonames: sonames, package: String(package), installedByDockerfile: cells[2] == "Dockerfile")
        }
    }

    /// The lines between `<!-- BEGIN name -->` and `<!-- END name -->`.
    static func section(_ name: String, in text: String) -> String {
        guard let start = text.range(of: "<!-- BEGIN \(name) -->\n"),
            let end = text.range(of: "\n<!-- END \(name) -->", range: start.upperBound..<text.endIndex)
        else { return "" }
        return String(text[start.upperBound..<end.lowerBound])
    }
}
