import Foundation
import Postgres
import PostgresLauncher

/// What a benchmark report was measured on: CPU, memory, kernel, the
/// PostgreSQL server, the disk's fsync rate and the load while it ran, so
/// that a reader can tell whether their machine should see the same figures.
///
/// Each part is read from `/proc`, `uname`, the database or `pg_test_fsync`;
/// a part that can't be read says `unknown` rather than failing the report.
public struct MachineDescription: Sendable {
    /// `model name` of the first CPU in `/proc/cpuinfo`.
    public var cpu: String
    /// Cores this process may run on.
    public var cores: Int
    /// `MemTotal` from `/proc/meminfo`, in GiB.
    public var memoryGibibytes: Double?
    /// Kernel release (`uname -r`).
    public var kernel: String
    /// `server_version` of the measured database.
    public var postgresVersion: String
    /// One 8 kB write plus `fdatasync` per second on the cluster's disk, as
    /// `pg_test_fsync` measures it: the bound on commits without group commit.
    public var fdatasyncPerSecond: Double?

    /// Reads the machine; `conninfo` names the measured database and
    /// `scratchDirectory` a directory on its disk for `pg_test_fsync`.
    public init(conninfo: String, scratchDirectory: String) {
        cpu = ProcFile.value(in: "/proc/cpuinfo", key: "model name") ?? "unknown"
        cores = ProcessInfo.processInfo.activeProcessorCount
        memoryGibibytes = ProcFile.number(in: "/proc/meminfo", key: "MemTotal").map { $0 / 1_048_576 }
        var name = utsname()
        uname(&name)
        kernel = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        postgresVersion =
            (try? PostgresConnection(conninfo)).flatMap { connection in
                defer { connection.close() }
                return try? connection.query("SHOW server_version")[0].decode(String.self, at: 0)
            } ?? "unknown"
        fdatasyncPerSecond = Self.fdatasyncRate(scratchDirectory: scratchDirectory)
    }

    /// The description as Markdown list items.
    public func markdown() -> String {
        let memory = memoryGibibytes.map { String(format: "%.0f GiB", $0) } ?? "unknown"
        let fsync = fdatasyncPerSecond.map { String(format: "%.0f", $0) } ?? "unknown"
        return """
            - CPU: \(cpu), \(cores) cores available; memory \(memory); Linux \(kernel)
            - PostgreSQL \(postgresVersion), default settings (fsync on) unless a row says otherwise
            - Disk: \(fsync) fdatasync/s for one 8 kB write (`pg_test_fsync`), which bounds commits that can't share a flush

            """
    }

    /// The `fdatasync` line of a one-second `pg_test_fsync` run, or nil.
    private static func fdatasyncRate(scratchDirectory: String) -> Double? {
        guard let binaries = try? PostgresBinaries.locate() else { return nil }
        let file = scratchDirectory + "/baton-fsync-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outcome = try? Subprocess(binaries.path("pg_test_fsync"), ["-s", "1", "-f", file]).run()
        let line = outcome?.output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("fdatasync") }
        return line?.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) }
    }
}
