import BatonCLI
import Foundation
import PostgresLauncher

/// The database a benchmark runs against: `--database-url` when given,
/// otherwise a throwaway embedded cluster in a temporary directory, removed
/// when the benchmark ends. Its settings are the defaults (fsync on), so the
/// numbers are what a real deployment would see on this disk.
struct BenchCluster {
    let connectionString: String
    private let cluster: (EmbeddedPostgres, URL)?

    init(databaseURL: String?, console: Console) throws {
        if let databaseURL {
            connectionString = databaseURL
            cluster = nil
            return
        }
        let directory = URL(fileURLWithPath: "/tmp/baton-bench-\(getpid())")
        let embedded = try EmbeddedPostgres(.init(dataDirectory: directory))
        console.err("starting a throwaway PostgreSQL cluster in \(directory.path) ...")
        try embedded.start()
        connectionString = embedded.connectionString
        cluster = (embedded, directory)
    }

    /// A fresh, empty database named `name` on the throwaway cluster, so
    /// that one benchmark's rows don't weigh on the next; with
    /// `--database-url` every benchmark shares that database.
    func freshDatabase(_ name: String) throws -> String {
        guard let (embedded, _) = cluster else { return connectionString }
        try embedded.createDatabase(name)
        return embedded.connectionString(database: name)
    }

    /// The directory the cluster's data lives in (on the disk being measured).
    var dataDirectory: String { cluster?.1.path ?? NSTemporaryDirectory() }

    /// Stops and removes the throwaway cluster, if one was started.
    func tearDown() {
        guard let (embedded, directory) = cluster else { return }
        try? embedded.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
