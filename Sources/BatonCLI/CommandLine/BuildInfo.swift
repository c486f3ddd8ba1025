import BatonCore

/// What `--version` reports: the release, the git commit the binary was
/// built from (embedded by the EmbedBuildInfo plugin), and the schema
/// version, the number of the newest migration compiled in.
struct BuildInfo: Sendable, Equatable {
    /// The release; raised when a release is tagged.
    static let release = "0.1.0"

    /// The release version.
    let version: String
    /// The commit's first 12 hex digits, or "unknown" when not built from git.
    let commit: String
    /// The newest embedded migration's number; nil when the embedded
    /// migrations break the naming rule (a build mistake `migrate` reports).
    let schema: Int?

    /// This binary's.
    static var current: BuildInfo {
        BuildInfo(version: release, commit: BuildCommit.hash, schema: (try? Migration.embedded())?.last?.version)
    }

    /// Three lines: `baton 0.1.0`, `commit 5f70558a1b2c`, `schema 8`.
    func text(program: String) -> String {
        "\(program) \(version)\ncommit \(commit)\nschema \(schema.map(String.init) ?? "unknown")"
    }
}
