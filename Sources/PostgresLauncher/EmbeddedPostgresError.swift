import SafeText

/// Why the embedded PostgreSQL cluster could not be set up, started or stopped.
///
/// Each case has a stable `code` and a `message` that says what to do; tool
/// output is escaped before it is shown.
public enum EmbeddedPostgresError: Error, Equatable, CustomStringConvertible {
    /// No PostgreSQL server binaries (`initdb`, `pg_ctl`, `postgres`) were found.
    case binariesNotFound(searched: [String])
    /// The data directory path is too long for a unix socket inside it.
    case socketPathTooLong(path: String)
    /// A PostgreSQL tool failed; `tool` names it, `output` is its last lines.
    case toolFailed(tool: String, status: Int32, output: String)
    /// The data directory exists but is not usable (not a cluster, wrong owner…).
    case unusableDataDirectory(path: String, reason: String)

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .binariesNotFound: "postgres_binaries_not_found"
        case .socketPathTooLong: "postgres_socket_path_too_long"
        case .toolFailed: "postgres_tool_failed"
        case .unusableDataDirectory: "postgres_data_directory_unusable"
        }
    }

    /// What went wrong and what to do about it.
    public var message: String {
        switch self {
        case .binariesNotFound(let searched):
            "PostgreSQL server binaries not found (looked in \(searched.map { SafeText.escaped($0) }.joined(separator: ", "))). "
                + "Install them with: apt-get install postgresql-15"
        case .socketPathTooLong(let path):
            "the data directory path \(SafeText.escaped(path)) is too long for a unix socket (at most 90 bytes); choose a shorter --data-dir"
        case .toolFailed(let tool, let status, let output):
            "\(tool) failed with status \(status): \(SafeText.escaped(output.split(separator: "\n").suffix(5).joined(separator: " | ")))"
        case .unusableDataDirectory(let path, let reason):
            "the data directory \(SafeText.escaped(path)) can't be used: \(reason)"
        }
    }

    public var description: String { "\(code): \(message)" }
}
