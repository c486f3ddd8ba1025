import Foundation
import Testing

/// An OTLP/HTTP collector on loopback: `Examples/otlp-receiver/receiver.py`,
/// which decodes every export with the `opentelemetry-proto` package
/// (pinned in its requirements.txt, installed into `BATON_OTLP_VENV`,
/// default `.venv-otlp`, on first use) and writes one JSON line per span.
final class OTLPReceiver {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../..").standardized
    static let script = root.appending(path: "Examples/otlp-receiver/receiver.py")

    private let process = Process()
    private let out: URL
    /// The port it listens on.
    let port: Int

    /// The base URL for `OTEL_EXPORTER_OTLP_ENDPOINT`.
    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Starts the receiver, answering each export after `delay` seconds; nil
    /// (reported) when the package can't be installed outside CI.
    static func start(delay: Double = 0) throws -> OTLPReceiver? {
        guard let python = try python.get() else { return nil }
        return try OTLPReceiver(python: python, delay: delay)
    }

    private init(python: String, delay: Double) throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-otlp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        out = directory.appending(path: "spans.jsonl")
        let portFile = directory.appending(path: "port")
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.script.path, "--out", out.path, "--port-file", portFile.path, "--delay", String(delay)]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(20)
        var port: Int?
        while port == nil, ContinuousClock.now < deadline {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let port else {
            process.terminate()
            throw CocoaError(.fileReadNoSuchFile)
        }
        self.port = port
    }

    deinit {
        // Reaped directly: Foundation's waitUntilExit waits on a run loop,
        // which an async test's thread never runs.
        kill(process.processIdentifier, SIGKILL)
        var status: Int32 = 0
        waitpid(process.processIdentifier, &status, 0)
    }

    /// Every line written so far: a span, or `{"error", "body"}` for a refused export.
    var lines: [[String: Any]] {
        guard let text = try? String(contentsOf: out, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The spans once `done` holds for them, or what arrived by `timeout`.
    func waitForSpans(timeout: Duration = .seconds(20), until done: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
        let deadline = ContinuousClock.now + timeout
        while !done(lines), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        return lines
    }

    /// The virtual environment's python with the pinned package, installed
    /// on first use; nil (reported) when it can't be installed outside CI.
    static let python = Result { () throws -> String? in
        let environment = ProcessInfo.processInfo.environment
        let venv = environment["BATON_OTLP_VENV"].map { URL(fileURLWithPath: $0) } ?? root.appending(path: ".venv-otlp")
        let python = venv.appending(path: "bin/python").path
        let requirements = script.deletingLastPathComponent().appending(path: "requirements.txt").path
        let check = [python, "-c", "import opentelemetry.proto.collector.trace.v1.trace_service_pb2"]
        if FileManager.default.isExecutableFile(atPath: python), try run(check) == 0 { return python }
        if try run(["/usr/bin/env", "python3", "-m", "venv", venv.path]) == 0,
            try run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements]) == 0
        {
            return python
        }
        let message = "SKIPPED OTLP receiver: the opentelemetry-proto package could not be installed into \(venv.path)"
        if environment["CI"] == "true" { Issue.record("\(message) (CI=true: a missing package fails)") }
        FileHandle.standardError.write(Data("\n*** \(message) ***\n\n".utf8))
        return nil
    }

    private static func run(_ command: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
