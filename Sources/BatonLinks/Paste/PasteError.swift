import SafeText

/// Why pasted text gave no invite credential.
///
/// Like ``CredentialError``, nothing here carries the pasted text (a
/// clipboard can hold anything, including someone else's secret); only a
/// broken invite link's ``InvocationError`` names its offending part, as
/// written and escaped.
public enum PasteError: Error, Equatable, Sendable {
    /// The text is longer than ``Credential/pasteLimit`` bytes; nothing was read.
    case tooLong(limit: Int)
    /// Only white space was pasted.
    case empty
    /// No invite link and no code-shaped group of words was found.
    case noCredential
    /// Several different credentials were found; guessing one could redeem the wrong invite.
    case ambiguous(count: Int)
    /// A link to an invite host was found, and it is not a valid invite link.
    case link(InvocationError)
    /// The whole paste is shaped like one code or token, and it does not read as one
    /// (a typo, for instance).
    case credential(CredentialError)

    /// Stable machine code; an invalid link or credential reports its own code.
    public var code: String {
        switch self {
        case .tooLong: "paste_too_long"
        case .empty: "paste_empty"
        case .noCredential: "paste_no_credential"
        case .ambiguous: "paste_ambiguous"
        case .link(let error): error.code
        case .credential(let error): error.code
        }
    }

    /// A sentence for people; safe to show and log.
    public var message: String {
        switch self {
        case .tooLong(let limit): "the pasted text is longer than \(limit) bytes"
        case .empty: "nothing was pasted"
        case .noCredential: "the pasted text holds no invite link or code"
        case .ambiguous(let count): "the pasted text holds \(count) different invites; paste just one"
        case .link(let error): "the pasted invite link is not valid: \(error.message)"
        case .credential(let error): "the pasted code is not valid: \(error.message)"
        }
    }
}

extension PasteError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
