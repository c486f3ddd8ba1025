/// The two link forms an invite is shared as; both validate with
/// ``Invocation/init(url:limits:)`` and resolve back to this token.
extension LinkToken {
    /// `https://<host>/invite/<token>`, the link the App Clip experience is
    /// registered for (prefix `https://<host>/invite/`). `host` must be a plain
    /// DNS name, as ``AppLinksConfiguration`` checks.
    public func inviteLink(host: String) -> String {
        "https://\(host)/invite/\(text)"
    }

    /// Apple's default App Clip link
    /// `https://appclip.apple.com/id?p=<clip bundle id>&token=<token>`, for
    /// places without the custom domain. `clipBundleID` must be well-formed
    /// (letters, digits, hyphens, dots), so it needs no escaping.
    public func defaultAppClipLink(clipBundleID: String) -> String {
        "https://\(AppleIdentifiers.defaultAppClipHost)/id?p=\(clipBundleID)&token=\(text)"
    }
}
