import BatonTestSupport
import Foundation
import Testing

/// The `baton` executable of this build, run as a separate process: for what
/// only a real process shows (which stream a line goes to, a terminal on
/// standard input).
enum BatonRun {
    /// What one run printed and how it ended.
    struct Outcome {
        var status: Int32
        var out: String
        var err: String
    }

    /// `baton` beside the test bundle (`swift build` builds both into one directory).
    static var executable: String {
        get throws {
            let path = BatonProcess.executable.path
            try #require(BatonProcess.isBuilt, "no baton executable at \(path): run swift build first")
            return path
        }
    }

    /// Runs `baton arguments` with only `environment` set and `stdin` as its
    /// standard input (empty when nil).
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: FileHandle? = nil) throws -> Outcome {
        try launch(try executable, arguments, environment: environment, stdin: stdin)
    }

    /// Runs `baton arguments` with a terminal as its standard input, as in a
    /// shell: util-linux `script` gives it a pseudo-terminal, and its output
    /// and errors both arrive in `out`.
    static func runOnTerminal(_ arguments: [String]) throws -> Outcome {
        let command = ([try executable] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try launch("/usr/bin/script", ["--quiet", "--return", "--command", command.joined(separator: " "), "/dev/null"])
    }

    /// Starts `executable` and collects its output; killed after 20 s, so a
    /// command that waits forever fails the test instead of hanging it.
    private static func launch(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], stdin: FileHandle? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let printed = (out.fileHandleForReading.readDataToEndOfFile(), err.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        watchdog.cancel()
        return Outcome(
            status: process.terminationStatus, out: String(decoding: printed.0, as: UTF8.self),
            err: String(decoding: printed.1, as: UTF8.self))
    }
}
