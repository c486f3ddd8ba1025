import Foundation
import PostgresLauncher
import Testing

@Suite("EmbeddedPostgres", .timeLimit(.minutes(10)))
struct EmbeddedPostgresTests {
    private func scratchDirectory() -> URL {
        URL(fileURLWithPath: "/tmp/baton-embedded-\(UInt32.random(in: 0 ... .max))")
    }

    private func accepts(_ cluster: EmbeddedPostgres) throws -> Bool {
        let outcome = try Subprocess(cluster.binaries.path("pg_isready"), ["-h", cluster.socketDirectory, "-p", String(cluster.port)]).run()
        return outcome.succeeded
    }

    @Test("a cluster is initialised in an empty directory, started, reused by a second start, and stopped")
    func lifecycle() throws {
        let directory = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cluster = try EmbeddedPostgres(.init(dataDirectory: directory, durable: false))
        try cluster.start()
        #expect(try cluster.isRunning())
        #expect(try accepts(cluster))

        let again = try EmbeddedPostgres(.init(dataDirectory: directory, durable: false))
        #expect(again.port == cluster.port, "the port is remembered in the data directory")
        try again.start()
        #expect(try accepts(again))

        try cluster.stop()
        #expect(try !cluster.isRunning())
        #expect(try !accepts(cluster))
    }

    @Test("a directory that holds other files is refused, not overwritten")
    func foreignDirectoryIsRefused() throws {
        let directory = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: directory.appending(path: "notes.txt"))
        let cluster = try EmbeddedPostgres(.init(dataDirectory: directory))
        #expect {
            try cluster.start()
        } throws: { error in
            (error as? EmbeddedPostgresError)?.code == "postgres_data_directory_unusable"
        }
        #expect(try String(contentsOf: directory.appending(path: "notes.txt"), encoding: .utf8) == "keep me")
    }

    @Test("a data directory too long for a unix socket is refused with a clear error")
    func longPathIsRefused() {
        let directory = URL(fileURLWithPath: "/tmp/" + String(repeating: "d", count: 120))
        #expect(throws: EmbeddedPostgresError.socketPathTooLong(path: directory.path)) {
            _ = try EmbeddedPostgres(.init(dataDirectory: directory))
        }
    }
}
