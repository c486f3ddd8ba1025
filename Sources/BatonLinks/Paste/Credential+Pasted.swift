/// Finding the invite in what a person pasted: a whole message, a link with
/// tracking parameters, a code with spaces or dashes.
extension Credential {
    /// Longest paste looked at, in UTF-8 bytes: a long message with a link in
    /// it, and a bound on the work done on whatever the clipboard holds.
    public static let pasteLimit = 4096

    /// The one credential in `pasted`, found without a network or a database.
    ///
    /// Invite links come first: every `http://` or `https://` run of URL
    /// characters (trailing sentence punctuation dropped) is validated with
    /// ``Invocation/init(url:limits:)``; links to other hosts are ignored, a
    /// broken link to an invite host is an error. Without a link, codes and
    /// tokens are looked for as whole words only (never inside a longer word),
    /// alone or as neighbouring groups joined by one space or dash, whose
    /// symbols add up to `limits.codeLength` or a token's 26 and pass the check
    /// character. Inside a longer text a candidate must be written in capitals
    /// and digits, as codes are shown; the whole paste may be in any case.
    /// Look-alikes are read as the code alphabet reads them (`I`, `L` as `1`,
    /// `O` as `0`).
    ///
    /// - Throws: ``PasteError``: too long, empty, nothing found, more than one
    ///   distinct credential, an invalid invite link, or a paste that is only
    ///   letters, digits and separators (one word, or with a digit) failing as
    ///   a credential.
    public static func parse(pasted: String, limits: InvocationLimits) throws(PasteError) -> Credential {
        guard pasted.utf8.count <= pasteLimit else { throw .tooLong(limit: pasteLimit) }
        let text = PastedText(pasted)
        guard !text.isBlank else { throw .empty }
        if let link = try single(text.linkCredentials(limits: limits)) { return link }
        // A paste that is only a typed attempt at a code: when it reads as
        // nothing, its own error says why (a typo, a U, a missing symbol).
        var wholeError: CredentialError?
        if let whole = text.typedAttempt {
            do throws(CredentialError) {
                return try Credential.parse(whole, codeLength: limits.codeLength)
            } catch {
                wholeError = error
            }
        }
        if let code = try single(text.candidates(codeLength: limits.codeLength)) { return code }
        if let wholeError { throw .credential(wholeError) }
        throw .noCredential
    }

    private static func single(_ found: [Credential]) throws(PasteError) -> Credential? {
        var distinct: [Credential] = []
        for credential in found where !distinct.contains(credential) { distinct.append(credential) }
        guard distinct.count <= 1 else { throw .ambiguous(count: distinct.count) }
        return distinct.first
    }
}
