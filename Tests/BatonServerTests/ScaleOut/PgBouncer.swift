import BatonTestSupport
import Foundation
import Postgres
import PostgresLauncher

/// Debian's `pgbouncer` in transaction mode on a free loopback port, in front
/// of one test database, started by the test and stopped when released. As
/// root it runs as the PostgreSQL server's user: it refuses to run as root.
final class PgBouncer {
    /// Where the program is (`apt-get install pgbouncer`, scripts/setup does).
    static let executable = "/usr/sbin/pgbouncer"

    /// The port it listens on (127.0.0.1).
    let port: Int
    private let running: Subprocess.Running
    private let directory: URL

    /// The connection string of the database through PgBouncer.
    var conninfo: String { "host=127.0.0.1 port=\(port) dbname=baton user=baton" }

    /// Starts it in front of `upstream` (a key=value conninfo of the test
    /// server), with at most `serverConnections` server connections.
    /// - Throws: ``Unavailable`` when pgbouncer is not installed or does not start.
    init(upstream: String, serverConnections: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else { throw Unavailable(reason: "not installed") }
        port = try BatonProcess.freePort()
        directory = FileManager.default.temporaryDirectory.appending(path: "baton-pgbouncer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let user = try PostgresBinaries.locate().serverUser
        // `auth_type = any` with the upstream's user in the database line:
        // loopback only, for a test. No `options` in ignore_startup_parameters:
        // with BATON_DB_TRANSACTION_POOLING=on Baton sends none, and a client
        // that did would be refused, not silently stripped of its timeout.
        let configuration = """
            [databases]
            baton = \(Self.databaseLine(upstream))
            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = \(port)
            unix_socket_dir =
            auth_type = any
            pool_mode = transaction
            default_pool_size = \(serverConnections)
            max_client_conn = 500
            ignore_startup_parameters = extra_float_digits
            """
        let file = directory.appending(path: "pgbouncer.ini")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        if let user, let owner = getpwnam(user) {
            chown(directory.path, owner.pointee.pw_uid, owner.pointee.pw_gid)
            chown(file.path, owner.pointee.pw_uid, owner.pointee.pw_gid)
        }
        running = try Subprocess(Self.executable, [file.path], user: user).start()
        let port = port
        guard eventually(within: 10, { (try? PostgresConnection("host=127.0.0.1 port=\(port) dbname=baton").close()) != nil })
        else {
            running.send(SIGKILL)
            let output = (try? running.wait().output) ?? ""
            throw Unavailable(reason: "did not accept connections: \(output.suffix(500))")
        }
    }

    deinit {
        running.send(SIGTERM)
        _ = try? running.wait()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The upstream's host, port, user and database as PgBouncer's
    /// `key=value` line (unquoted: the test server's paths have no spaces).
    static func databaseLine(_ upstream: String) -> String {
        upstream.split(separator: " ").map { $0.replacingOccurrences(of: "'", with: "") }.joined(separator: " ")
    }

    /// PgBouncer could not be started here.
    struct Unavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { "pgbouncer: \(reason)" }
    }
}
