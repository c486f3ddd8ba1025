import Foundation

/// Reads `key: value` lines of Linux's `/proc` text files (`cpuinfo`,
/// `meminfo`, `PID/status`) for the benchmarks' machine and process figures.
enum ProcFile {
    /// The value after `key:` on the first line of `path` that starts with
    /// `key`, trimmed; nil when the file or the line is missing.
    static func value(in path: String, key: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix(key) }
        return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The leading number of that value (`12345` of `12345 kB`).
    static func number(in path: String, key: String) -> Double? {
        value(in: path, key: key).flatMap { Double($0.split(separator: " ").first ?? "") }
    }
}
