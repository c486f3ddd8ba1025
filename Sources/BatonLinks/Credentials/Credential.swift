/// What an invite is presented with: the token of a link or a typed code.
public enum Credential: Hashable, Sendable {
    /// A 26-symbol link token.
    case token(LinkToken)
    /// A typed code whose check character matched.
    case code(InviteCode)

    /// Says whether `text` is a token, a code of `codeLength`, or neither,
    /// using only its shape and the code's check character (no database).
    /// A token is told apart by its 26 symbols, which no code length reaches.
    ///
    /// - Throws: ``CredentialError``: bad character, wrong symbol count (naming
    ///   both expected lengths), failed check, or unsupported `codeLength`.
    public static func parse(
        _ text: some StringProtocol, codeLength: Int = InviteCode.defaultLength
    ) throws(CredentialError) -> Credential {
        guard InviteCode.allowedLengths.contains(codeLength) else { throw .unsupportedCodeLength(codeLength) }
        let values = try TypedSymbols.values(of: text)
        switch values.count {
        case LinkToken.length:
            return .token(LinkToken(values: values))
        case codeLength:
            guard CheckCharacter.isValid(values) else { throw .checkFailed }
            return .code(InviteCode(values: values))
        default:
            throw .wrongLength(found: values.count, expected: [codeLength, LinkToken.length])
        }
    }

    /// The canonical text to hash and look up.
    public var text: String {
        switch self {
        case .token(let token): token.text
        case .code(let code): code.text
        }
    }

    /// `"token"` or `"code"`, for JSON and logs.
    public var kind: String {
        switch self {
        case .token: "token"
        case .code: "code"
        }
    }
}
