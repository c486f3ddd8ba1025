import BatonTestSupport
import Foundation

/// An HTTP/2-over-TLS webhook receiver for tests: Debian's `nghttpd`
/// (package nghttp2-server, installed by scripts/setup) on 127.0.0.1,
/// answering 200 with the request's own body (`--echo-upload`), its
/// certificate issued for IP 127.0.0.1 by a throwaway CA (``TestCertificates``).
///
/// nghttpd speaks nothing but HTTP/2 (ALPN `h2`), so any answer from it
/// proves the request went over HTTP/2; its verbose log (``log``) shows the
/// negotiated protocol and every header it received.
final class H2Receiver {
    let port: Int
    private let process = Process()
    private let logFile: URL

    /// Starts nghttpd with the certificate of `certificates`; throws when
    /// nghttpd is missing or does not listen within 10 seconds.
    init(_ certificates: TestCertificates) throws {
        guard let nghttpd = toolPath("nghttpd") else { throw MissingTool(name: "nghttpd (nghttp2-server)") }
        port = try BatonProcess.freePort()
        logFile = certificates.directory.appending(path: "nghttpd-\(port).log")
        try Data().write(to: logFile)
        let output = try FileHandle(forWritingTo: logFile)
        process.executableURL = URL(fileURLWithPath: nghttpd)
        process.arguments = [
            "--echo-upload", "--verbose", "--address=127.0.0.1", "--htdocs=\(certificates.directory.path)", String(port),
            certificates.serverKey.path, certificates.serverCertificate.path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try output.close()
        guard eventually(within: 10, { !process.isRunning || log.contains("listen 127.0.0.1:\(port)") }), process.isRunning else {
            stop()
            throw NotListening(log: log)
        }
    }

    deinit {
        stop()
    }

    var url: URL { URL(string: "https://127.0.0.1:\(port)/hooks/baton")! }

    /// What nghttpd printed so far: handshakes, frames and received headers.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// The value of every `name` header nghttpd received, in order (names are lower case in HTTP/2).
    func received(_ name: String) -> [String] {
        let marker = ") \(name): "
        return log.split(separator: "\n").compactMap { line in
            line.contains("recv (stream_id=") ? line.range(of: marker).map { String(line[$0.upperBound...]) } : nil
        }
    }

    func stop() {
        guard process.isRunning else { return }
        // SIGKILL: the child inherits the test process's blocked SIGTERM and SIGINT.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// nghttpd exited or never listened.
    struct NotListening: Error, CustomStringConvertible {
        let log: String
        var description: String { "nghttpd did not start listening: \(log)" }
    }
}

/// The full path of `tool` on PATH (or in /usr/sbin, where Debian puts nghttpd), or nil.
func toolPath(_ tool: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin"
    return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A command-line tool a test needs is not installed.
struct MissingTool: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) not found: run scripts/setup" }
}

/// Two throwaway certificate authorities made with the `openssl` command:
/// one that issued the receivers' certificate (for IP 127.0.0.1) and another
/// that issued nothing the receivers use, each in a PEM file; made once per
/// test process, in a temporary directory.
struct TestCertificates: Sendable {
    let directory: URL
    /// The PEM file of the CA that issued ``serverCertificate``.
    let authority: URL
    /// The PEM file of a CA that issued nothing the receiver uses.
    let otherAuthority: URL
    let serverKey: URL
    let serverCertificate: URL

    static let shared = Result { try TestCertificates() }

    private init() throws {
        guard let openssl = toolPath("openssl") else { throw MissingTool(name: "openssl") }
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-tls-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        authority = directory.appending(path: "ca.pem")
        otherAuthority = directory.appending(path: "other-ca.pem")
        serverKey = directory.appending(path: "server.key")
        serverCertificate = directory.appending(path: "server.pem")
        let file = { (name: String) in directory.appending(path: name).path }
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        let authorityExtensions = ["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"]
        let extensions = file("server.ext")
        try Data("subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n".utf8).write(to: URL(fileURLWithPath: extensions))
        let steps: [[String]] = [
            ["req", "-x509"] + key + ["-keyout", file("ca.key"), "-out", authority.path, "-days", "2", "-subj", "/CN=Baton test CA"]
                + authorityExtensions,
            ["req", "-x509"] + key + ["-keyout", file("other-ca.key"), "-out", otherAuthority.path, "-days", "2", "-subj", "/CN=Other CA"]
                + authorityExtensions,
            ["req"] + key + ["-keyout", serverKey.path, "-out", file("server.csr"), "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", file("server.csr"), "-CA", authority.path, "-CAkey", file("ca.key"), "-CAcreateserial",
                "-out", serverCertificate.path, "-days", "2", "-extfile", extensions,
            ],
        ]
        for step in steps {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: openssl)
            process.arguments = step
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw OpenSSLFailure(step: step, output: String(decoding: message, as: UTF8.self)) }
        }
    }

    /// An openssl step failed.
    struct OpenSSLFailure: Error, CustomStringConvertible {
        let step: [String]
        let output: String
        var description: String { "openssl \(step.prefix(2).joined(separator: " ")) failed: \(output)" }
    }

}
