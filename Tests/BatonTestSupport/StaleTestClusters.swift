import Foundation
import PostgresLauncher

/// Clusters left behind by test processes that were killed before their exit
/// handlers ran (a cancelled CI job, `kill -9` of a hung run). Each one keeps
/// a postmaster and hundreds of megabytes in `/tmp` until someone notices, so
/// the next test process stops and deletes those whose owner is gone.
///
/// The owner is read from the directory name `<prefix><pid>-<random>` that
/// ``TestPostgres`` and ``PrivateTestCluster`` give their clusters. A
/// directory whose process still runs (another test run beside this one) is
/// never touched; a reused pid only delays the clean-up to a later run.
public enum StaleTestClusters {
    /// The directory-name prefixes of the clusters tests make.
    static let prefixes = ["baton-test-", "baton-private-"]

    /// The directory a test process named `prefix` keeps its cluster in.
    static func directory(prefix: String, in parent: URL = URL(fileURLWithPath: "/tmp")) -> URL {
        parent.appending(path: "\(prefix)\(getpid())-\(UInt32.random(in: 0 ... .max))")
    }

    /// Stops and deletes every cluster directory in `parent` whose owning
    /// process has exited; returns the names it removed. Failures to stop or
    /// delete one are skipped: tests must not fail over another run's litter.
    @discardableResult
    public static func reap(in parent: URL = URL(fileURLWithPath: "/tmp")) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { name in
            guard let owner = owner(of: name), !isRunning(owner) else { return false }
            let directory = parent.appending(path: name)
            if let cluster = try? EmbeddedPostgres(.init(dataDirectory: directory, durable: false)) {
                try? cluster.stop()
            }
            return (try? FileManager.default.removeItem(at: directory)) != nil
        }
    }

    /// The pid in a cluster directory's name, or nil for any other name.
    static func owner(of name: String) -> pid_t? {
        guard let prefix = prefixes.first(where: name.hasPrefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        return pid
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
