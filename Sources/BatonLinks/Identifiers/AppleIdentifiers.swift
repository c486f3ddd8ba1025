/// Shape checks for the identifiers Apple uses in entitlements, AASA files and
/// App Clip links. They check form only; whether an identifier is registered
/// is for Apple to say.
public enum AppleIdentifiers {
    /// Host of Apple's default App Clip links.
    public static let defaultAppClipHost = "appclip.apple.com"
    /// Longest bundle identifier App Store Connect accepts.
    public static let bundleIDLimit = 155

    /// A team identifier: exactly ten upper-case letters or digits.
    public static func isTeamID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { isUpperAlphanumeric($0) }
    }

    /// A bundle identifier: reverse-DNS, at least two non-empty dot-separated
    /// parts of ASCII letters, digits and hyphens, at most 155 characters.
    public static func isBundleID(_ text: some StringProtocol) -> Bool {
        guard (1...bundleIDLimit).contains(text.utf8.count) else { return false }
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { isUpperAlphanumeric($0) || isLowerLetter($0) || $0 == UInt8(ascii: "-") }
            }
    }

    /// Splits an application identifier `TEAMID.bundle.id` into its parts, or
    /// `nil` when either part is malformed.
    public static func splitAppID(_ text: String) -> (teamID: String, bundleID: String)? {
        guard let dot = text.firstIndex(of: ".") else { return nil }
        let team = String(text[..<dot])
        let bundle = String(text[text.index(after: dot)...])
        guard isTeamID(team), isBundleID(bundle) else { return nil }
        return (team, bundle)
    }

    /// Whether `clip` is `app` plus one more dot-separated part, the form
    /// Apple requires for an App Clip's bundle identifier.
    public static func isClip(_ clip: String, of app: String) -> Bool {
        guard clip.hasPrefix(app + ".") else { return false }
        let suffix = clip.dropFirst(app.count + 1)
        return !suffix.isEmpty && !suffix.contains(".")
    }

    private static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLowerLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
