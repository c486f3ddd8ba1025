import Foundation

/// A validated App Clip invocation URL and the invite credential it carries.
///
/// Two forms are understood: the service's own invite link
/// `https://<host>/invite/<token>` (or `/invite?token=…` / `/invite?code=…`),
/// and Apple's default App Clip link
/// `https://appclip.apple.com/id?p=<clip bundle id>&token=…` (or `&code=…`).
public struct Invocation: Equatable, Sendable {
    /// Which link form the URL used.
    public enum Form: Equatable, Sendable {
        /// A link on one of ``InvocationLimits/allowedHosts``.
        case inviteLink
        /// Apple's default App Clip link, naming the clip's bundle identifier.
        case defaultAppClipLink(bundleID: String)
    }

    /// The host, lower-cased.
    public let host: String
    /// The link form.
    public let form: Form
    /// The token or code, normalised; look it up by its keyed hash.
    public let credential: Credential

    /// Validates `url` and resolves its credential.
    ///
    /// The checks run in a fixed order and the first failure is thrown:
    /// length, parse, `https`, host present (no user info, no port but 443),
    /// host allowed, path components (count, then dot segments), query item
    /// count, hidden characters after percent-decoding — see
    /// `docs/links.md` — and then the link form: the bundle identifier of a
    /// default App Clip link, the invite path, and the credential.
    ///
    /// - Throws: ``InvocationError``, carrying the offending value as written.
    public init(url: String, limits: InvocationLimits) throws(InvocationError) {
        let validated = try ValidatedURL(url, limits: limits)
        host = validated.host
        if host == AppleIdentifiers.defaultAppClipHost {
            form = try Self.defaultAppClipForm(of: validated, limits: limits)
            credential = try Self.queryCredential(of: validated, codeLength: limits.codeLength)
        } else {
            form = .inviteLink
            credential = try Self.inviteLinkCredential(of: validated, codeLength: limits.codeLength)
        }
    }

    /// Validates a Foundation URL (for example `NSUserActivity.webpageURL` in
    /// the clip) by its absolute string, with the same checks as the `String` form.
    public init(url: URL, limits: InvocationLimits) throws(InvocationError) {
        try self.init(url: url.absoluteString, limits: limits)
    }
}
