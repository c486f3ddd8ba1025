import Foundation

/// The `apple-app-site-association` document Baton serves at
/// `/.well-known/apple-app-site-association` (as `application/json`, with no
/// redirect — Apple's CDN does not follow them).
///
/// It associates the public host with the App Clip (`appclips`), with the
/// full app for invite links (`applinks`, components format of iOS 13+), and
/// optionally for shared web credentials.
public enum AASADocument {
    /// Path pattern of invite links. `?*` rather than `*` so the bare prefix
    /// `/invite/` (no token) is not claimed by the app.
    public static let invitePathPattern = "/invite/?*"

    /// The document for `configuration`, as UTF-8 JSON with sorted keys so
    /// that the bytes (and any cache validator on them) are stable.
    public static func generate(for configuration: AppLinksConfiguration) -> Data {
        let document = Document(
            applinks: .init(details: [
                .init(
                    appIDs: [configuration.appID],
                    components: [
                        .init(path: invitePathPattern, comment: "Invite links open the full app when it is installed")
                    ])
            ]),
            appclips: .init(apps: [configuration.clipAppID]),
            webcredentials: configuration.webCredentials ? .init(apps: [configuration.appID]) : nil
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding a tree of strings cannot fail.
        return (try? encoder.encode(document)) ?? Data()
    }

    private struct Document: Encodable {
        let applinks: AppLinks
        let appclips: Apps
        let webcredentials: Apps?
    }

    private struct AppLinks: Encodable {
        let details: [Detail]
    }

    private struct Detail: Encodable {
        let appIDs: [String]
        let components: [Component]
    }

    private struct Component: Encodable {
        let path: String
        let comment: String

        enum CodingKeys: String, CodingKey {
            case path = "/", comment
        }
    }

    private struct Apps: Encodable {
        let apps: [String]
    }
}
