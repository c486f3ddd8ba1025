/// A NATS subject with `{type}` placeholders (`baton.{type}`), filled per
/// event. Both the template and every subject filled from it must be a
/// literal subject: dot-separated, non-empty tokens of printable ASCII
/// without spaces and without the wildcards `*` and `>`, since publishing
/// to a wildcard is refused by the server or, worse, read as a pattern.
public struct SubjectTemplate: Sendable, Equatable, CustomStringConvertible {
    /// The placeholder an event's type replaces.
    public static let typePlaceholder = "{type}"

    /// The template as given.
    public let template: String

    /// A template from `text`.
    /// - Throws: ``DestinationError`` `invalid_subject` when it has a brace
    ///   other than `{type}`'s or is not a literal subject once filled.
    public init(_ text: String) throws(DestinationError) {
        let literal = text.replacingOccurrences(Self.typePlaceholder, with: "type")
        guard !literal.contains("{"), !literal.contains("}") else {
            throw DestinationError(.invalidSubject, "the subject template may hold only the placeholder {type}")
        }
        try Self.validate(literal)
        template = text
    }

    /// The subject for an event of `type`.
    /// - Throws: ``DestinationError`` `invalid_subject` when `type` makes it
    ///   a wildcard or otherwise not a literal subject.
    public func subject(forType type: String) throws(DestinationError) -> String {
        let subject = template.replacingOccurrences(Self.typePlaceholder, with: type)
        try Self.validate(subject)
        return subject
    }

    public var description: String { template }

    /// Throws unless `subject` is a literal NATS subject.
    static func validate(_ subject: String) throws(DestinationError) {
        guard !subject.isEmpty, subject.utf8.count <= 255 else {
            throw DestinationError(.invalidSubject, "a NATS subject must have 1 to 255 bytes")
        }
        for token in subject.split(separator: ".", omittingEmptySubsequences: false) {
            guard !token.isEmpty else { throw DestinationError(.invalidSubject, "a NATS subject must not have an empty token") }
            guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: ">") }) else {
                throw DestinationError(.invalidSubject, "a NATS subject must be printable ASCII without spaces or the wildcards * and >")
            }
        }
    }
}

extension String {
    /// `self` with every `target` replaced, without Foundation.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
