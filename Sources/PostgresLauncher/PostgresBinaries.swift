import Foundation

/// Where the PostgreSQL server programs are, and which user runs them.
public struct PostgresBinaries: Sendable {
    /// The directory holding `initdb`, `pg_ctl`, `postgres`, `createdb`, `pgbench`.
    public let directory: String
    /// The unprivileged user the server runs as when this process is root; nil otherwise.
    public let serverUser: String?

    /// The programs Baton runs from the server's bin directory.
    public static let required = ["initdb", "pg_ctl", "postgres", "createdb", "pg_isready"]

    /// The full path of the program `name` in ``directory``.
    public func path(_ name: String) -> String { directory + "/" + name }

    /// Looks in `PATH`, then in `pg_config --bindir`, then in the newest
    /// `/usr/lib/postgresql/*/bin`, for a directory with every program in ``required``.
    /// - Throws: `.binariesNotFound` listing every place searched.
    public static func locate() throws(EmbeddedPostgresError) -> PostgresBinaries {
        let fm = FileManager.default
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for bin in ["/usr/bin/pg_config", "/usr/local/bin/pg_config"] where fm.isExecutableFile(atPath: bin) {
            if let outcome = try? Subprocess(bin, ["--bindir"]).run(), outcome.succeeded {
                candidates.append(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let versions = ((try? fm.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
            .compactMap(Int.init).sorted(by: >)
        candidates += versions.map { "/usr/lib/postgresql/\($0)/bin" }
        // A PATH entry may hold only symlinks (initdb -> /usr/lib/postgresql/15/bin/initdb):
        // follow initdb to the directory that has the whole server tool set.
        let resolved = candidates.map { URL(fileURLWithPath: $0 + "/initdb").resolvingSymlinksInPath().deletingLastPathComponent().path }
        guard
            let directory = resolved.first(where: { dir in
                required.allSatisfy { fm.isExecutableFile(atPath: dir + "/" + $0) }
            })
        else {
            throw .binariesNotFound(searched: ["PATH", "pg_config --bindir", "/usr/lib/postgresql/*/bin"])
        }
        return PostgresBinaries(directory: directory, serverUser: getuid() == 0 ? unprivilegedUser() : nil)
    }

    private static func unprivilegedUser() -> String {
        getpwnam("postgres") != nil ? "postgres" : "nobody"
    }
}
