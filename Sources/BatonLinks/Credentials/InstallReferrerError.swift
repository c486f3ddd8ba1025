import SafeText

/// Why a Google Play install referrer holds no usable invite.
///
/// Nothing here echoes the referrer: it arrives from the Play Store, but it
/// was written into a link anyone could have crafted, so a message names
/// only what is wrong, never the text.
public enum InstallReferrerError: Error, Equatable, Sendable {
    /// The referrer is longer than any Baton builds could be.
    case tooLong(limit: Int)
    /// A `%` that does not start a `%XX` escape, a byte no query string
    /// holds literally, or an escape that decodes to invalid UTF-8.
    case malformed
    /// No `baton_token` parameter: an organic install, or another campaign's link.
    case missingToken
    /// `baton_token` given more than once, so which invite is meant is unclear.
    case repeatedToken(count: Int)
    /// `baton_token` is not a link token (a typed code is never put in a referrer).
    case invalidToken(CredentialError)

    /// Stable machine code, for logs and the app's analytics.
    public var code: String {
        switch self {
        case .tooLong: "referrer_too_long"
        case .malformed: "referrer_malformed"
        case .missingToken: "referrer_token_missing"
        case .repeatedToken: "referrer_token_repeated"
        case .invalidToken: "referrer_token_invalid"
        }
    }

    /// A sentence for people; safe to print (contains no raw input).
    public var message: String {
        switch self {
        case .tooLong(let limit): "the install referrer is longer than \(limit) bytes"
        case .malformed: "the install referrer is not a well-formed query string"
        case .missingToken: "the install referrer has no baton_token parameter"
        case .repeatedToken(let count): "the install referrer has \(count) baton_token parameters; expected one"
        case .invalidToken(let error): "the install referrer's baton_token is not a link token: \(error.message)"
        }
    }
}

extension InstallReferrerError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
