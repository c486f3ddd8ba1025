/// A short invite code for people to type: Crockford base32 symbols whose last
/// one is a ``CheckCharacter``, so a typo is rejected on the device and by the
/// server before any database lookup.
///
/// Short codes are guessable; they are only safe together with rate limits
/// (see `docs/links.md` for the arithmetic per length).
public struct InviteCode: Hashable, Sendable, CustomStringConvertible {
    /// Lengths a deployment may configure, check character included.
    public static let allowedLengths = 6...16
    /// The length used when none is configured.
    public static let defaultLength = 10

    /// The canonical form: upper case, no separators. Hash this, store the hash.
    public let text: String

    /// Number of symbols, check character included.
    public var length: Int { text.utf8.count }

    /// A fresh code from the system's cryptographically secure generator
    /// (`getrandom(2)` on Linux, the kernel CSPRNG on Apple platforms).
    ///
    /// - Throws: ``CredentialError/unsupportedCodeLength(_:)``.
    public static func generate(length: Int = defaultLength) throws(CredentialError) -> InviteCode {
        var generator = SystemRandomNumberGenerator()
        return try generate(length: length, using: &generator)
    }

    /// A code from `generator`; tests pass a seeded generator, nothing else should.
    public static func generate(
        length: Int = defaultLength, using generator: inout some RandomNumberGenerator
    ) throws(CredentialError) -> InviteCode {
        guard allowedLengths.contains(length) else { throw .unsupportedCodeLength(length) }
        let payload = (1..<length).map { _ in UInt8.random(in: 0..<32, using: &generator) }
        return InviteCode(values: payload + [CheckCharacter.compute(for: payload)])
    }

    /// Reads a typed code: case, spaces, hyphens, `I`/`L`→`1`, `O`→`0` are
    /// forgiven; `U` and anything else are not.
    ///
    /// - Throws: ``CredentialError`` — a bad character (by position), a wrong
    ///   symbol count, a failed check, or an unsupported `length`.
    public init(parsing text: some StringProtocol, length: Int = defaultLength) throws(CredentialError) {
        guard Self.allowedLengths.contains(length) else { throw .unsupportedCodeLength(length) }
        let values = try TypedSymbols.values(of: text)
        guard values.count == length else { throw .wrongLength(found: values.count, expected: [length]) }
        guard CheckCharacter.isValid(values) else { throw .checkFailed }
        self.init(values: values)
    }

    init(values: [UInt8]) {
        text = TypedSymbols.text(of: values)
    }

    /// The form shown to people: groups of at most five symbols joined by
    /// hyphens, as even as possible with longer groups first — `ABCDE-FGHJK`
    /// for 10, `ABC-DEF` for 6, `ABCD-EFGH-JKM` for 11, `ABCD-EFGH-JKMN-PQRS`
    /// for 16. Reading it back with ``init(parsing:length:)`` gives the same code.
    public var displayText: String {
        let symbols = Array(text)
        let groupCount = (symbols.count + 4) / 5
        let shortGroup = symbols.count / groupCount
        let longGroups = symbols.count % groupCount
        var groups: [String] = []
        var start = 0
        for index in 0..<groupCount {
            let size = shortGroup + (index < longGroups ? 1 : 0)
            groups.append(String(symbols[start..<start + size]))
            start += size
        }
        return groups.joined(separator: "-")
    }

    /// Redacted, so a code printed by accident does not leak.
    public var description: String { "InviteCode(…)" }
}
