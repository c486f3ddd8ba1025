/// The secret in an invite link `https://<host>/invite/<token>`: 26 Crockford
/// base32 symbols, 130 random bits. Long enough that guessing is hopeless, so
/// it carries no check character; it is copied by machines, not typed.
public struct LinkToken: Hashable, Sendable, CustomStringConvertible {
    /// Number of symbols in a token.
    public static let length = 26

    /// The canonical form: 26 upper-case symbols. Hash this, store the hash.
    public let text: String

    /// A fresh token from the system's cryptographically secure generator.
    ///
    /// `SystemRandomNumberGenerator` is a CSPRNG on every platform Baton
    /// runs on: `getrandom(2)` on Linux, `arc4random_buf` (the kernel CSPRNG)
    /// on Apple platforms.
    public static func generate() -> LinkToken {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// A token from `generator`; tests pass a seeded generator, nothing else should.
    public static func generate(using generator: inout some RandomNumberGenerator) -> LinkToken {
        LinkToken(values: (0..<length).map { _ in UInt8.random(in: 0..<32, using: &generator) })
    }

    /// Reads a token, normalising case and look-alike letters like a typed code.
    ///
    /// - Throws: ``CredentialError`` when a character is not accepted or the
    ///   symbol count is not 26.
    public init(parsing text: some StringProtocol) throws(CredentialError) {
        let values = try TypedSymbols.values(of: text)
        guard values.count == Self.length else {
            throw .wrongLength(found: values.count, expected: [Self.length])
        }
        self.init(values: values)
    }

    init(values: [UInt8]) {
        text = TypedSymbols.text(of: values)
    }

    /// Redacted, so a token printed by accident does not leak.
    public var description: String { "LinkToken(…)" }
}
