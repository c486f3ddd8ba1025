import Foundation
import HTTP
import SafeText

/// Where a command prints: people read tables on stdout, scripts read
/// `--json`, errors go to stderr. Tests pass their own sinks to capture both.
public struct Console: Sendable {
    /// Writes one line (a newline is added) to standard output.
    public let out: @Sendable (String) -> Void
    /// Writes one line (a newline is added) to standard error.
    public let err: @Sendable (String) -> Void

    /// A console with the given sinks.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }

    /// The process's standard output and standard error. A line that cannot
    /// be written (its reader went away) is dropped and counted, where
    /// `FileHandle.write` would stop the process.
    public static let standard = Console(
        out: { FileDescriptorLogSink.standardOutput.write(line: $0) },
        err: { FileDescriptorLogSink.standardError.write(line: $0) }
    )

    /// Prints `value` (dictionaries, arrays, strings, numbers, booleans, NSNull)
    /// as pretty JSON with sorted keys and every hidden character escaped.
    public func json(_ value: Any) {
        out(Self.jsonText(value))
    }

    /// `value` as the JSON text ``json(_:)`` prints.
    public static func jsonText(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: value, options: options)
        else { return "null" }
        return SafeText.hardenedJSON(String(decoding: data, as: UTF8.self))
    }

    /// Prints rows under a header, columns padded to their widest cell, every
    /// cell escaped so that stored text can't drive the terminal.
    public func table(_ header: [String], _ rows: [[String]]) {
        out(Self.tableText(header, rows))
    }

    /// The text ``table(_:_:)`` prints.
    public static func tableText(_ header: [String], _ rows: [[String]]) -> String {
        let cells = ([header] + rows).map { $0.map { SafeText.escaped($0) } }
        let widths = header.indices.map { column in cells.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
