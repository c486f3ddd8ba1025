import BatonTestSupport
import Foundation

/// A `baton serve` child process (a ``BatonProcess``) on a test database and
/// a loopback port of the kernel's choice, ready when it logs that it
/// listens and `GET /healthz` answers; killed and reaped when released.
final class ServeProcess {
    /// The port it listens on.
    let port: UInt16
    private let process: BatonProcess

    /// Its process id, for reading `/proc/<pid>`.
    var pid: pid_t { process.pid }

    /// Starts `baton serve` with `settings` on top of the database, secret,
    /// listen address and link settings, and waits up to 20 s for it to answer.
    /// - Throws: ``MissingExecutable``, the spawn's `POSIXError`, or
    ///   ``ServeProcessError/notListening``.
    init(databaseURL: String, settings: [String: String] = [:]) throws {
        let environment = [
            "BATON_DATABASE_URL": databaseURL,
            "BATON_SECRET_KEY": TestSecrets.secretKeyHex,
            "BATON_LISTEN": "127.0.0.1:0",
            "BATON_HTTP_THREADS": "4",
            "BATON_DB_POOL_SIZE": "4",
            "BATON_PUBLIC_BASE_URL": "https://\(TestApp.publicHost)",
        ].merging(settings) { $1 }
        let process = try BatonProcess(["serve"], environment: environment)
        guard eventually(within: 20, { Self.listeningPort(in: process.errorOutput) != nil }),
            let port = Self.listeningPort(in: process.errorOutput),
            (try? HTTPTestClient(port: port).get("/healthz").status) == 200
        else { throw ServeProcessError.notListening }
        self.process = process
        self.port = port
    }

    /// The port of the `"msg":"listening"` log line in `log`, once it is written.
    private static func listeningPort(in log: String) -> UInt16? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(#""msg":"listening""#) }),
            let address = line.split(separator: "\"").last(where: { $0.hasPrefix("127.0.0.1:") })
        else { return nil }
        return UInt16(address.dropFirst("127.0.0.1:".count))
    }
}

/// Why a ``ServeProcess`` did not start.
enum ServeProcessError: Error {
    /// It did not answer `/healthz` in time.
    case notListening
}
