import Foundation
import SafeText

extension APIBenchmark {
    /// Runs `wrk --latency` with the credentials script and reads req/s, p50, p99.
    struct WrkDriver {
        let port: UInt16
        let connections: Int
        let seconds: Int
        let script: URL
        /// The serving process's CPU seconds so far, for CPU per request.
        let cpu: () -> Double?

        /// wrk threads: the machine's cores, at most the connections.
        static var threads: Int { max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) }

        /// This driver for untimed one-second runs, which connect and warm a
        /// server (and, for redeems, the tables they write) before it is timed.
        var warmUp: WrkDriver {
            WrkDriver(port: port, connections: connections, seconds: 1, script: script, cpu: cpu)
        }

        /// One run of `mode` (`preview` or `redeem`) over `credentials`,
        /// starting at line `offset`, as `redeemer`; with a `pause`, each
        /// connection waits that many milliseconds between requests (an
        /// open-ended load below saturation). With `freshLines`, the lines of
        /// `credentials` that are fresh invites, a run that went past them
        /// fails: its later requests were replays, not redemptions.
        /// - Throws: `wrk_failed`; `invites_exhausted` past `freshLines`.
        func run(
            mode: String, credentials: URL, apiKey: String, redeemer: String = "bench", offset: Int = 0, pause: Int = 0,
            freshLines: Int? = nil
        ) throws(BenchmarkError) -> Measurement {
            let arguments = [
                "-t\(Self.threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script.path,
                "http://127.0.0.1:\(port)", "--", mode, credentials.path, String(Self.threads), apiKey, redeemer, String(offset),
                String(pause),
            ]
            let cpuBefore = cpu()
            let report = APIBenchmark.output(of: "/usr/bin/wrk", arguments).text
            let cpuUsed = cpu().flatMap { after in cpuBefore.map { after - $0 } }
            guard !report.isEmpty else {
                throw BenchmarkError(code: "wrk_failed", message: "Could not run /usr/bin/wrk (apt-get install wrk).")
            }
            var measurement = try measurement(in: report, mode: mode, offset: offset, freshLines: freshLines)
            measurement.cpuMicrosecondsPerRequest = cpuUsed.map { $0 * 1e6 / Double(max(measurement.requests, 1)) }
            return measurement
        }

        /// Throughput and latency from wrk's `--latency` report of a `mode`
        /// run that started at line `offset` (CPU left unset).
        /// - Throws: `wrk_failed` for errors or an unreadable report;
        ///   `invites_exhausted` for a run that went past `freshLines`.
        func measurement(in report: String, mode: String, offset: Int, freshLines: Int?) throws(BenchmarkError) -> Measurement {
            let lines = report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let requests = lines.first { $0.contains(" requests in ") }.flatMap { $0.split(separator: " ").first }.flatMap { Int($0) }
            // Checked before wrk's errors: running out is what makes replays race into non-2xx answers.
            if let freshLines, let requests, offset + requests * Self.threads > freshLines {
                throw BenchmarkError(
                    code: "invites_exhausted",
                    message:
                        "The \(mode) run on port \(port) went past the \(freshLines) fresh invites per side (to line \(offset + requests * Self.threads)), so its later requests replayed earlier ones. Rerun with a larger --invites."
                )
            }
            if let failure = lines.first(where: { $0.hasPrefix("Non-2xx") || $0.hasPrefix("Socket errors") }) {
                throw BenchmarkError(code: "wrk_failed", message: "wrk saw errors in the \(mode) run on port \(port): \(failure)")
            }
            func value(_ prefix: String) -> Substring? {
                lines.first { $0.hasPrefix(prefix) }.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).last }
            }
            guard let rate = value("Requests/sec:").flatMap({ Double($0) }), let requests,
                let p50 = value("50%").flatMap(Self.milliseconds), let p99 = value("99%").flatMap(Self.milliseconds)
            else { throw BenchmarkError(code: "wrk_failed", message: "Could not read wrk's throughput and latency.") }
            return Measurement(requestsPerSecond: rate, p50Milliseconds: p50, p99Milliseconds: p99, requests: requests)
        }

        /// wrk's `812.00us`, `1.25ms`, `1.02s` in milliseconds.
        static func milliseconds(_ text: Substring) -> Double? {
            for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
                return Double(text.dropLast(unit.count)).map { $0 * scale }
            }
            return nil
        }
    }

    /// Runs `pgbench -M prepared` with one script and reads tps and, from its
    /// per-transaction log, p50 and p99.
    struct PgbenchDriver {
        let conninfo: String
        let clients: Int
        let seconds: Int

        /// This driver for an untimed one-second run.
        var warmUp: PgbenchDriver {
            PgbenchDriver(conninfo: conninfo, clients: clients, seconds: 1)
        }

        func run(sql: String) throws(BenchmarkError) -> Measurement {
            guard let executable = PgbenchRunner.locate() else {
                throw BenchmarkError(code: "pgbench_failed", message: "pgbench not found (postgresql-contrib or the server package).")
            }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "baton-bench-api-\(getpid())-\(UInt32.random(in: 0 ... .max))")
            defer { try? FileManager.default.removeItem(at: directory) }
            let script = directory.appendingPathComponent("script.sql")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try sql.write(to: script, atomically: true, encoding: .utf8)
            } catch {
                throw BenchmarkError(code: "pgbench_failed", message: "Could not write the pgbench script in \(directory.path).")
            }
            let arguments = [
                "--no-vacuum", "--protocol=prepared", "--file=\(script.path)", "--client=\(clients)", "--jobs=\(WrkDriver.threads)",
                "--time=\(seconds)", "--log", "--log-prefix=\(directory.appendingPathComponent("log").path)", conninfo,
            ]
            let report = APIBenchmark.output(of: executable.path, arguments, mergingErrors: true)
            guard let tps = report.succeeded ? PgbenchRunner.transactionsPerSecond(in: report.text) : nil else {
                let last = report.text.split(separator: "\n").filter { $0.contains("error") }.prefix(2).joined(separator: " / ")
                throw BenchmarkError(code: "pgbench_failed", message: "pgbench failed or printed no tps: \(SafeText.escaped(last))")
            }
            let latencies = Self.latencies(in: directory).sorted()
            guard !latencies.isEmpty else { throw BenchmarkError(code: "pgbench_failed", message: "pgbench wrote no transaction log.") }
            func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] / 1000 }
            return Measurement(
                requestsPerSecond: tps, p50Milliseconds: percentile(0.5), p99Milliseconds: percentile(0.99), requests: latencies.count
            )
        }

        /// Every transaction's latency in microseconds: the third field of each log line.
        static func latencies(in directory: URL) -> [Double] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return files.filter { $0.hasPrefix("log") }.flatMap { name -> [Double] in
                let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
                return text.split(separator: "\n").compactMap { line in
                    let fields = line.split(separator: " ")
                    return fields.count > 2 ? Double(fields[2]) : nil
                }
            }
        }
    }

    /// Runs `executable` to completion: whether it exited 0, and its standard
    /// output (and error, if asked); empty when it cannot start.
    static func output(of executable: String, _ arguments: [String], mergingErrors: Bool = false) -> (succeeded: Bool, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        if mergingErrors { process.standardError = pipe }
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (false, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: data, as: UTF8.self))
    }
}
