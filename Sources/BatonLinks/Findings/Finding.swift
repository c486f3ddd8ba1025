import BatonJSON
import SafeText

/// One problem found by the AASA validator or the doctor: how bad it is, a
/// stable code to switch on, and a sentence for people.
public struct Finding: Equatable, Sendable {
    /// Errors break App Clip handoffs or links; warnings are likely mistakes
    /// or legacy forms that still work.
    public enum Severity: String, Sendable, Comparable {
        /// The handoff or association will not work.
        case error
        /// Likely a mistake, or a legacy form; things may still work.
        case warning

        /// Errors sort first.

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// How bad it is.
    public let severity: Severity
    /// Stable snake_case code, e.g. `app_group_case_mismatch`.
    public let code: String
    /// A sentence for people. Values taken from files are escaped with
    /// ``SafeText`` when the finding is made (see ``quoted(_:)``).
    public let message: String

    /// A finding; build `message` with ``quoted(_:)`` around untrusted values.
    public init(_ severity: Severity, _ code: String, _ message: String) {
        self.severity = severity
        self.code = code
        self.message = message
    }

    /// `“value”` with hidden characters escaped, for messages.
    public static func quoted(_ value: some StringProtocol) -> String {
        "“" + SafeText.escaped(value) + "”"
    }
}

extension Array where Element == Finding {
    /// Whether any finding is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// One line per finding, errors first (`error    code  message`), then a
    /// summary line; `ok` with nothing found.
    public var humanLines: [String] {
        let sorted = enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
        let lines = sorted.map {
            $0.severity.rawValue + String(repeating: " ", count: 8 - $0.severity.rawValue.count) + $0.code + "  " + $0.message
        }
        let errors = filter { $0.severity == .error }.count
        let warnings = count - errors
        return lines + [isEmpty ? "ok: nothing found" : "\(errors) error(s), \(warnings) warning(s)"]
    }

    /// One JSON object with sorted keys: `ok`, `errors`, `warnings`, and
    /// `findings` as `{severity, code, message}` objects, with hidden
    /// characters escaped.
    public var jsonLine: String {
        let errors = filter { $0.severity == .error }.count
        let items = map { finding -> JSONValue in
            .object(["severity": .string(finding.severity.rawValue), "code": .string(finding.code), "message": .string(finding.message)])
        }
        let report: JSONValue = .object([
            "ok": .bool(errors == 0), "errors": .int(errors), "warnings": .int(count - errors), "findings": .array(items),
        ])
        return SafeText.hardenedJSON(report.jsonText())
    }
}
