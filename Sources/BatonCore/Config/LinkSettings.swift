import BatonLinks
import Foundation

/// What invite links are made of: the public host, the Apple identities of
/// the app and its App Clip, the typed code's length, and the language of
/// the landing page when nothing else chooses one.
///
/// `BATON_PUBLIC_BASE_URL` is optional here so that `migrate`, `keys` and
/// the other operator commands run without it; `baton serve` calls
/// ``requirePublicHost()`` and refuses to start without it, because a default
/// host would hand out links that open someone else's site. `baton dev`
/// fills example values for whatever is unset and says so.
public struct LinkSettings: Sendable, Equatable {
    /// The DNS name of `BATON_PUBLIC_BASE_URL` (lower-case, no port), or nil when unset.
    public var publicHost: String?
    /// The Apple developer team id, or nil when unset.
    public var appleTeamID: String?
    /// The full app's bundle id, or nil when unset.
    public var appBundleID: String?
    /// The App Clip's bundle id, or nil when unset.
    public var clipBundleID: String?
    /// The App Store id of the full app (digits), or nil when unset.
    public var appStoreID: String?
    /// Characters in a typed invite code, check character included.
    public var codeLength: Int
    /// `BATON_DEFAULT_LOCALE`: the landing page's language when neither the
    /// request nor the invite names a supported one.
    public var defaultLanguage: PageLanguage = .en

    /// `https://<public host>`, or nil when unset.
    public var publicBaseURL: String? { publicHost.map { "https://" + $0 } }

    /// The public host.
    /// - Throws: `ConfigurationError` naming `BATON_PUBLIC_BASE_URL` when it is unset.
    public func requirePublicHost() throws(ConfigurationError) -> String {
        guard let publicHost else {
            throw ConfigurationError(problems: [
                .init(setting: Setting.publicBaseURL.name, message: "is required: \(Setting.publicBaseURL.summary)")
            ])
        }
        return publicHost
    }

    static func read(_ reader: inout SettingReader) -> LinkSettings? {
        let host = reader.optional(
            .publicBaseURL, expected: "an https URL with only a host, such as https://invites.example.com", Self.host(ofBaseURL:))
        let team = reader.optional(.appleTeamID, expected: "ten upper-case letters or digits") { AppleIdentifiers.isTeamID($0) ? $0 : nil }
        let app = reader.optional(.appBundleID, expected: "a reverse-DNS bundle id") { AppleIdentifiers.isBundleID($0) ? $0 : nil }
        let clip = reader.optional(.clipBundleID, expected: "a reverse-DNS bundle id") { AppleIdentifiers.isBundleID($0) ? $0 : nil }
        let store = reader.optional(.appStoreID, expected: "the App Store id: 1 to 12 digits") { raw in
            (1...12).contains(raw.count) && raw.allSatisfy(\.isASCII) && raw.allSatisfy(\.isNumber) ? raw : nil
        }
        let length = reader.integer(.codeLength, in: InviteCode.allowedLengths)
        let language = reader.parsed(.defaultLocale, expected: "one of " + PageLanguage.supportedTags.joined(separator: ", ")) {
            PageLanguage(tag: $0)
        }
        guard let host, let team, let app, let clip, let store, let length, let language else { return nil }
        return LinkSettings(
            publicHost: host, appleTeamID: team, appBundleID: app, clipBundleID: clip, appStoreID: store, codeLength: length,
            defaultLanguage: language
        )
    }

    /// The host of an `https://host` URL (a trailing `/` allowed), lower-cased;
    /// nil for any other scheme, a port, credentials, a path or a query.
    static func host(ofBaseURL raw: String) -> String? {
        guard let components = URLComponents(string: raw), components.scheme?.lowercased() == "https",
            let host = components.host?.lowercased(), components.port == nil, components.user == nil,
            components.password == nil, components.query == nil, components.fragment == nil,
            components.path.isEmpty || components.path == "/"
        else { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            host.utf8.count <= 253 && labels.count >= 2
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            }
        return valid ? host : nil
    }
}

extension Setting {
    /// The public base URL of invite links.
    public static let publicBaseURL = Setting(
        name: "BATON_PUBLIC_BASE_URL",
        summary: "https://HOST that invite links, the AASA file and accepted invocation URLs use; required by baton serve.",
        defaultValue: "", isSecret: false
    )
    /// The Apple developer team id.
    public static let appleTeamID = Setting(
        name: "BATON_APPLE_TEAM_ID",
        summary: "Apple developer team id (ten upper-case letters or digits), for the AASA file.",
        defaultValue: "", isSecret: false
    )
    /// The full app's bundle id.
    public static let appBundleID = Setting(
        name: "BATON_APP_BUNDLE_ID",
        summary: "Bundle id of the full app, for the AASA file and the Smart App Banner.",
        defaultValue: "", isSecret: false
    )
    /// The App Clip's bundle id.
    public static let clipBundleID = Setting(
        name: "BATON_CLIP_BUNDLE_ID",
        summary: "Bundle id of the App Clip (the app's id plus one part), for the AASA file and app_clip_link.",
        defaultValue: "", isSecret: false
    )
    /// The App Store id of the full app.
    public static let appStoreID = Setting(
        name: "BATON_APP_STORE_ID",
        summary: "App Store id (digits) of the full app, for the Smart App Banner and store links.",
        defaultValue: "", isSecret: false
    )
    /// Typed code length.
    public static let codeLength = Setting(
        name: "BATON_CODE_LENGTH",
        summary: "Characters in a typed invite code including its check character (6-16); see the guessing arithmetic.",
        defaultValue: "10", isSecret: false
    )

    /// The landing page's last-resort language.
    public static let defaultLocale = Setting(
        name: "BATON_DEFAULT_LOCALE",
        summary:
            "Language of the invite landing page when neither ?lang=, Accept-Language nor the invite's locale names a supported one; a supported BCP 47 tag (docs/redemption.md).",
        defaultValue: "en", isSecret: false
    )

    /// The link settings, in documentation order.
    static let links: [Setting] = [publicBaseURL, appleTeamID, appBundleID, clipBundleID, appStoreID, codeLength, defaultLocale]
}
