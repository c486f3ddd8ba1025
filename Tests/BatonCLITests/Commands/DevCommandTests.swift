import BatonTestSupport
import Foundation
import HTTPTestSupport
import Synchronization
import Testing

@Suite("baton dev", .timeLimit(.minutes(10)))
struct DevCommandTests {
    /// What a running `baton dev` printed so far.
    final class Output: Sendable {
        private let text = Mutex("")

        func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        var current: String { text.withLock { $0 } }
    }

    @Test(
        "with BATON_METRICS_LISTEN set, baton dev serves /metrics there, as serve and worker do",
        .enabled(if: BatonProcess.isBuilt, "no baton binary beside the tests"))
    func servesTheMetricsListener() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appending(path: "baton-dev-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = BatonProcess.executable
        process.arguments = ["dev", "--data-dir", directory.path, "--listen", "127.0.0.1:0", "--no-worker"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("BATON_") }
            .merging(["BATON_METRICS_LISTEN": "127.0.0.1:0"]) { $1 }
        let output = Output()
        let pipe = Pipe()
        pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        defer {
            process.interrupt()
            process.waitUntilExit()
            pipe.fileHandleForReading.readabilityHandler = nil
        }

        #expect(eventually(within: 120) { output.current.contains("Baton dev is running") || !process.isRunning }, "\(output.current)")
        let announced = output.current.firstMatch(of: /"msg":"serving \/metrics","address":"127\.0\.0\.1:(\d+)"/)
        let port = try #require(announced.flatMap { UInt16($0.output.1) }, "no metrics listener announced: \(output.current)")
        let connection = try RawConnection(port: port)
        try connection.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let scrape = try connection.readResponse()
        #expect(scrape.status == 200)
        #expect(scrape.text.contains("# TYPE baton_http_requests_total counter"))
    }
}
