import SafeText

/// A deployment setting that cannot produce working links: wrong team id,
/// bundle identifier, App Clip bundle identifier, App Store id or host.
public enum LinksConfigurationError: Error, Equatable, Sendable {
    case teamIDInvalid(String)
    case bundleIDInvalid(String)
    case clipNotSuffixOfApp(clip: String, app: String)
    case hostInvalid(String)
    case appStoreIDInvalid(String)

    /// Stable machine code.
    public var code: String {
        switch self {
        case .teamIDInvalid: "team_id_invalid"
        case .bundleIDInvalid: "bundle_id_invalid"
        case .clipNotSuffixOfApp: "clip_bundle_id_not_suffix"
        case .hostInvalid: "host_invalid"
        case .appStoreIDInvalid: "app_store_id_invalid"
        }
    }

    /// A sentence for people, values escaped.
    public var message: String {
        switch self {
        case .teamIDInvalid(let value):
            "team id \(Finding.quoted(value)) is not ten upper-case letters or digits"
        case .bundleIDInvalid(let value):
            "bundle identifier \(Finding.quoted(value)) is not reverse-DNS letters, digits, hyphens and dots"
        case .clipNotSuffixOfApp(let clip, let app):
            "App Clip bundle identifier \(Finding.quoted(clip)) is not the app's \(Finding.quoted(app)) plus one suffix"
        case .hostInvalid(let value):
            "public host \(Finding.quoted(value)) is not a plain lower-case DNS name (no scheme, port, path or wildcard)"
        case .appStoreIDInvalid(let value):
            "App Store id \(Finding.quoted(value)) is not a number"
        }
    }
}

extension LinksConfigurationError: CustomStringConvertible {
    public var description: String { "\(code): \(message)" }
}
