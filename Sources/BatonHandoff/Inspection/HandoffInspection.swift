import BatonJSON
import Foundation
import SafeText

/// What `baton handoff inspect` shows: the header and payload members as
/// far as they can be read, and the decoder's verdict.
///
/// The members are read leniently for display (any well-formed flat JSON),
/// but the verdict is the real decoder's, so an envelope that shows fine can
/// still be refused. Every text is escaped with ``SafeText`` before it is
/// rendered; an input over the size limit is not parsed at all.
public struct HandoffInspection: Sendable {
    /// The decoder's verdict.
    public enum Verdict: Sendable, Equatable {
        /// Every check passed; `authenticity` says how far.
        case valid(HandoffAuthenticity)
        /// The first failing check.
        case invalid(HandoffError)
    }

    /// Header members as name and display value, sorted by name.
    public let header: [(name: String, value: String)]
    /// Payload members as name and display value, sorted by name.
    public let payload: [(name: String, value: String)]
    /// The verdict of the decoder the inspection ran.
    public let verdict: Verdict

    /// Inspects `envelope` (surrounding whitespace, such as a file's final
    /// newline, is trimmed). With a `verifier` the server policy runs and the
    /// MAC is checked; without one, the device policy.
    public init(
        envelope: String, verifier: (any HandoffVerifier)? = nil, limits: HandoffLimits = HandoffLimits(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let text = envelope.trimmingCharacters(in: .whitespacesAndNewlines)
        let policy: HandoffDecoder.Policy = verifier.map { .server($0) } ?? .device
        let decoder = HandoffDecoder(policy: policy, limits: limits, clock: clock)
        do {
            verdict = .valid(try decoder.decode(text).authenticity)
        } catch {
            verdict = .invalid(error)
        }
        let segments = text.utf8.count <= limits.maxBytes ? text.split(separator: ".", omittingEmptySubsequences: false) : []
        header = segments.count == 3 ? Self.members(of: segments[0]) : []
        payload = segments.count == 3 ? Self.members(of: segments[1]) : []
    }

    /// Whether the decoder accepted the envelope (the CLI exits 1 otherwise).
    public var isValid: Bool {
        if case .valid = verdict { return true }
        return false
    }

    /// The inspection for people: header, payload, verdict, one member per line.
    public var text: String {
        var lines = ["header:"] + Self.lines(header) + ["payload:"] + Self.lines(payload)
        switch verdict {
        case .valid(let authenticity): lines.append("verdict: ok (\(authenticity.rawValue))")
        case .invalid(let error): lines.append("verdict: \(error.code): \(error.message)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The inspection for machines:
    /// `{"header": {...}, "payload": {...}, "verdict": {"ok": true, "authenticity": ...}
    /// | {"ok": false, "code": ..., "message": ..., "details": {...}}}`.
    public var jsonValue: JSONValue {
        let verdictObject: JSONValue =
            switch verdict {
            case .valid(let authenticity): .object(["ok": .bool(true), "authenticity": .string(authenticity.rawValue)])
            case .invalid(let error):
                .object([
                    "ok": .bool(false), "code": .string(error.code), "message": .string(error.message), "details": .object(error.details),
                ])
            }
        return .object([
            "header": .object(Dictionary(uniqueKeysWithValues: header.map { ($0.name, .string($0.value)) })),
            "payload": .object(Dictionary(uniqueKeysWithValues: payload.map { ($0.name, .string($0.value)) })),
            "verdict": verdictObject,
        ])
    }

    /// ``jsonValue`` as text with sorted keys and hidden characters escaped.
    public var json: String {
        SafeText.hardenedJSON(jsonValue.jsonText())
    }

    private static func members(of segment: Substring) -> [(name: String, value: String)] {
        guard let json = Base64URL.decode(Array(segment.utf8)),
            let fields = try? HandoffFields(parsing: json)
        else { return [] }
        return fields.sortedKeys.map { key in (SafeText.escaped(key), display(fields[key])) }
    }

    private static func display(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: SafeText.escaped(text)
        case .int(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        // The envelope's reader admits no other value.
        case .double, .array, .object, .null?, nil: "null"
        }
    }

    private static func lines(_ members: [(name: String, value: String)]) -> [String] {
        members.isEmpty ? ["  (unreadable)"] : members.map { "  \($0.name): \($0.value)" }
    }
}
