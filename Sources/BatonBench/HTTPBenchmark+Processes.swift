import Foundation
import HTTP

extension HTTPBenchmark {
    /// Runs `executable` with `arguments` to completion and returns its
    /// standard output, or nil when it cannot start or exits non-zero.
    static func output(of executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Compiles `sources` (file names in `bench/ceiling/`) with `-O2`,
    /// `Sources/CMicroHTTPD` on the include path, against `packages`
    /// (pkg-config names), into a temporary file; returns its path.
    static func compile(_ sources: [String], repository: URL, packages: [String]) throws(BenchmarkError) -> String {
        let paths = sources.map { repository.appendingPathComponent("bench/ceiling/\($0)").path }
        let shim = repository.appendingPathComponent("Sources/CMicroHTTPD").path
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-\(sources[0])-\(getpid())").path
        guard let flags = output(of: "/usr/bin/pkg-config", ["--cflags", "--libs"] + packages),
            output(
                of: "/usr/bin/cc",
                ["-O2", "-I", shim] + paths + ["-o", binary] + flags.split(whereSeparator: \.isWhitespace).map(String.init)) != nil
        else {
            throw BenchmarkError(
                code: "ceiling_failed", message: "Could not compile \(paths[0]) with cc and pkg-config \(packages.joined(separator: " ")).")
        }
        return binary
    }

    /// A C ceiling from `bench/ceiling/`, compiled and running.
    struct CeilingServer {
        let process: Process
        let port: UInt16

        /// `bench/ceiling/healthz.c`, started with the same settings as Baton's server.
        static func start(options: Options) throws(BenchmarkError) -> CeilingServer {
            try start(source: "healthz.c", repository: options.repository, server: options.server)
        }

        /// Compiles `bench/ceiling/<source>` with the ceilings' shared
        /// `bench/ceiling/ceiling_server.c` against libmicrohttpd and
        /// `packages` (pkg-config names) into a temporary directory and starts
        /// it with `server`'s pool size, timeout, limits and memory, then
        /// `arguments`. The program prints its port on its first line.
        static func start(
            source name: String, repository: URL, server settings: ServerConfiguration,
            packages: [String] = [], arguments: [String] = []
        ) throws(BenchmarkError) -> CeilingServer {
            let binary = try compile([name, "ceiling_server.c"], repository: repository, packages: ["libmicrohttpd"] + packages)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments =
                [
                    settings.threadPoolSize, settings.connectionTimeoutSeconds, settings.maxConnections,
                    settings.maxConnectionsPerClient, settings.connectionMemoryLimit,
                ].map(String.init) + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            do { try process.run() } catch {
                throw BenchmarkError(code: "ceiling_failed", message: "Could not start the compiled C ceiling.")
            }
            let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
            guard let port = UInt16(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                process.terminate()
                throw BenchmarkError(code: "ceiling_failed", message: "The C ceiling did not report its port.")
            }
            try? FileManager.default.removeItem(atPath: binary)
            return CeilingServer(process: process, port: port)
        }

        /// Stops the ceiling (SIGTERM) and waits for it to exit.
        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Drives a server with `wrk` and reads its requests per second.
    enum Wrk {
        /// wrk threads: no more than the connections, no more than the cores.
        static func threads(for connections: Int) -> Int {
            max(1, min(connections, ProcessInfo.processInfo.activeProcessorCount))
        }

        /// `script` (a wrk Lua file) sets the method, headers and body; `path` is the URL's path.
        static func requestsPerSecond(
            port: UInt16, connections: Int, duration: Duration, path: String = "/healthz", script: URL? = nil
        ) throws(BenchmarkError) -> Double {
            let arguments =
                [
                    "-t\(threads(for: connections))", "-c\(connections)", "-d\(max(1, duration.components.seconds))s",
                ] + (script.map { ["-s", $0.path] } ?? []) + ["http://127.0.0.1:\(port)\(path)"]
            guard let report = output(of: "/usr/bin/wrk", arguments) else {
                throw BenchmarkError(code: "wrk_failed", message: "Could not run /usr/bin/wrk (apt-get install wrk).")
            }
            let line = report.split(separator: "\n").first { $0.hasPrefix("Requests/sec:") }
            guard let value = line?.split(separator: " ").last.flatMap({ Double($0) }) else {
                throw BenchmarkError(code: "wrk_failed", message: "Could not read Requests/sec from wrk's output.")
            }
            if report.contains("Non-2xx") || report.contains("Socket errors") {
                throw BenchmarkError(code: "wrk_failed", message: "wrk saw errors or non-2xx responses; the figures would not compare.")
            }
            return value
        }
    }
}
