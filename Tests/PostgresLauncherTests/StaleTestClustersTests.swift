import Foundation
import PostgresLauncher
import Testing

@testable import BatonTestSupport

@Suite("stale test clusters", .timeLimit(.minutes(10)))
struct StaleTestClustersTests {
    /// A pid that belonged to a process which has exited.
    private func exitedPid() throws -> pid_t {
        let running = try Subprocess("/bin/true", []).start()
        _ = try running.wait()
        return running.pid
    }

    @Test("a cluster whose test process was killed is stopped and deleted, one of a live process is kept")
    func reapsOnlyOrphans() throws {
        let parent = URL(fileURLWithPath: "/tmp/baton-reap-\(UInt32.random(in: 0 ... .max))")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
        defer { try? FileManager.default.removeItem(at: parent) }
        let orphan = try EmbeddedPostgres(.init(dataDirectory: parent.appending(path: "baton-test-\(try exitedPid())-1"), durable: false))
        try orphan.start()
        defer { try? orphan.stop() }
        let live = StaleTestClusters.directory(prefix: "baton-private-", in: parent)
        let other = parent.appending(path: "baton-contract-12")
        for directory in [live, other] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false) }

        let removed = StaleTestClusters.reap(in: parent)

        #expect(removed == [orphan.configuration.dataDirectory.lastPathComponent])
        #expect(try !orphan.isRunning())
        #expect(!FileManager.default.fileExists(atPath: orphan.configuration.dataDirectory.path))
        #expect(FileManager.default.fileExists(atPath: live.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
    }

    @Test(
        "only names of the form prefix, pid, dash are read as an owner",
        arguments: [
            ("baton-test-123-456", pid_t(123)), ("baton-private-9-1", 9), ("baton-test-abc-1", nil), ("baton-test-0-1", nil),
            ("baton-test-77", nil), ("baton-contract-5-1", nil), ("baton-test--1", nil),
        ] as [(String, pid_t?)])
    func owner(name: String, pid: pid_t?) {
        #expect(StaleTestClusters.owner(of: name) == pid)
    }
}
