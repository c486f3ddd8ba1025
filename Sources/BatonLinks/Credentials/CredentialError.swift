import SafeText

/// Why a string is not a usable invite code or link token.
///
/// Nothing here echoes the input raw: an unusable character is reported by its
/// position and in ``SafeText`` escaped form, so a hidden control character in
/// pasted text cannot reach a terminal or log through the error.
public enum CredentialError: Error, Equatable, Sendable {
    /// The input is longer than any credential could be, even with separators.
    case tooLong(limit: Int)
    /// Nothing is left after removing spaces and hyphens.
    case empty
    /// A character that is not a symbol, separator or accepted look-alike.
    /// `position` counts Unicode scalars from 1; `shown` is the character escaped.
    case invalidCharacter(position: Int, shown: String)
    /// The symbol count is neither a token's nor the configured code length.
    case wrongLength(found: Int, expected: [Int])
    /// A code whose check character does not match: a typo, or a guess.
    case checkFailed
    /// A code length outside ``InviteCode/allowedLengths`` was configured.
    case unsupportedCodeLength(Int)

    /// Stable machine code, used as the API `error.code`.
    public var code: String {
        switch self {
        case .tooLong: "credential_too_long"
        case .empty: "credential_empty"
        case .invalidCharacter: "credential_invalid_character"
        case .wrongLength: "credential_wrong_length"
        case .checkFailed: "code_check_failed"
        case .unsupportedCodeLength: "unsupported_code_length"
        }
    }

    /// A sentence for people; safe to print (contains no raw input).
    public var message: String {
        switch self {
        case .tooLong(let limit):
            "the credential is longer than \(limit) characters"
        case .empty:
            "the credential is empty"
        case .invalidCharacter(let position, let shown):
            "character \(position) (\(shown)) is not allowed; use digits and letters other than U"
        case .wrongLength(let found, let expected):
            "the credential has \(found) symbols; expected " + expected.map(String.init).joined(separator: " or ")
        case .checkFailed:
            "the code has a typo: its check character does not match"
        case .unsupportedCodeLength(let length):
            "code length \(length) is not supported; use \(InviteCode.allowedLengths.lowerBound)…\(InviteCode.allowedLengths.upperBound)"
        }
    }
}

extension CredentialError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
