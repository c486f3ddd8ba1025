/// The Android counterpart of the App Clip's invocation URL: Google Play
/// hands a freshly installed app the `referrer` parameter of the store link
/// that led to the install (the Play Install Referrer library's
/// `getInstallReferrer()`), already percent-decoded once. Baton's landing
/// page puts the invite's link token there, so the app finds its invite
/// deterministically, without fingerprinting.
extension Credential {
    /// Longest referrer looked at, in UTF-8 bytes: what Baton writes is
    /// under 200 bytes; the bound caps the work on whatever arrives.
    public static let installReferrerLimit = 2048

    /// The referrer's query parameter that carries the invite's link token.
    public static let installReferrerTokenName = "baton_token"

    /// The invite named by an install referrer such as
    /// `baton_token=…&utm_source=…&utm_campaign=…`: always a
    /// ``Credential/token(_:)``, to preview and redeem as the App Clip does
    /// with its invocation URL.
    ///
    /// Parameters are `&`-separated `name=value` pairs whose names and
    /// values are percent-decoded (`+` is a space, as in a form); other
    /// parameters, such as the `utm_*` ones Play adds for its own campaigns,
    /// are ignored. The token is read as ``LinkToken/init(parsing:)`` reads
    /// one, so case and look-alike letters are normalised.
    ///
    /// - Throws: ``InstallReferrerError``: longer than
    ///   ``installReferrerLimit``, not a query string, no `baton_token`, more
    ///   than one, or one that is not a link token.
    public static func parse(installReferrer: String) throws(InstallReferrerError) -> Credential {
        guard installReferrer.utf8.count <= installReferrerLimit else { throw .tooLong(limit: installReferrerLimit) }
        guard PercentEncoding.problem(in: installReferrer) == nil else { throw .malformed }
        var tokens: [String] = []
        for pair in installReferrer.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecoded(parts[0]) else { throw .malformed }
            guard name == installReferrerTokenName else { continue }
            guard parts.count == 2, let value = formDecoded(parts[1]) else { throw .malformed }
            tokens.append(value)
        }
        guard let token = tokens.first else { throw .missingToken }
        guard tokens.count == 1 else { throw .repeatedToken(count: tokens.count) }
        do throws(CredentialError) {
            return .token(try LinkToken(parsing: token))
        } catch {
            throw .invalidToken(error)
        }
    }

    /// `text` with `+` as a space and `%XX` escapes decoded, or nil when the
    /// result is not UTF-8 (the escapes themselves were checked already).
    private static func formDecoded(_ text: Substring) -> String? {
        PercentEncoding.decoded(text.replacing("+", with: " "))
    }
}
