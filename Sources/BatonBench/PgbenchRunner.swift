import Foundation

/// Runs the real `pgbench` with a custom script holding the benchmark's
/// `SELECT`, and reads its throughput.
struct PgbenchRunner {
    let conninfo: String
    let clients: Int
    let duration: Duration
    let executable: URL
    let script: URL
    /// When set, each client runs this many transactions (`--transactions`)
    /// instead of running for `duration`.
    var transactionsPerClient: Int?

    init(conninfo: String, clients: Int, duration: Duration, rows: Int) throws(PoolBenchmarkError) {
        try self.init(
            conninfo: conninfo, clients: clients, duration: duration, name: "pool",
            script: """
                \\set id random(1, \(rows))
                SELECT payload FROM baton_bench_pool WHERE id = :id;

                """)
    }

    /// A runner for any custom script `text`, written to a temporary file named after `name`.
    init(conninfo: String, clients: Int, duration: Duration, name: String, script text: String) throws(PoolBenchmarkError) {
        guard let executable = Self.locate() else { throw .pgbenchNotFound }
        self.conninfo = conninfo
        self.clients = clients
        self.duration = duration
        self.executable = executable
        script = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(name)-\(getpid()).sql")
        do {
            try text.write(to: script, atomically: true, encoding: .utf8)
        } catch {
            throw .pgbenchFailed(status: -1, output: "cannot write \(script.path)")
        }
    }

    /// `pgbench` on PATH, else in a Debian server package's bin directory.
    static func locate() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var candidates = path.split(separator: ":").map { "\($0)/pgbench" }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        candidates += versions.sorted(by: >).map { "/usr/lib/postgresql/\($0)/bin/pgbench" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    /// One run: its "tps = … (without initial connection time)" figure and
    /// pgbench's own CPU time per processed transaction.
    func run() throws(PoolBenchmarkError) -> BenchmarkRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--no-vacuum", "--protocol=prepared", "--file=\(script.path)", "--client=\(clients)",
            "--jobs=\(clients)",
            transactionsPerClient.map { "--transactions=\($0)" } ?? "--time=\(max(1, duration.components.seconds))", conninfo,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let cpuBefore = BenchmarkRun.cpuSeconds(children: true)
        do {
            try process.run()
        } catch {
            throw .pgbenchFailed(status: -1, output: "cannot start \(executable.path)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let tps = Self.transactionsPerSecond(in: text),
            let processed = Self.transactionsProcessed(in: text)
        else {
            throw .pgbenchFailed(status: process.terminationStatus, output: text)
        }
        let cpuSeconds = BenchmarkRun.cpuSeconds(children: true) - cpuBefore
        return BenchmarkRun(queriesPerSecond: tps, queries: processed, cpuSeconds: cpuSeconds)
    }

    /// Reads `number of transactions actually processed: 123456`.
    static func transactionsProcessed(in output: String) -> Int? {
        let prefix = "number of transactions actually processed: "
        return output.split(separator: "\n").first { $0.hasPrefix(prefix) }
            .flatMap { Int($0.dropFirst(prefix.count).prefix { $0.isNumber }) }
    }

    /// Reads `tps = 12345.6 (without initial connection time)`.
    static func transactionsPerSecond(in output: String) -> Double? {
        output.split(separator: "\n")
            .first { $0.hasPrefix("tps = ") && $0.contains("without initial connection time") }
            .flatMap { $0.dropFirst(6).split(separator: " ").first }
            .flatMap { Double($0) }
    }

    func removeScript() {
        try? FileManager.default.removeItem(at: script)
    }
}
