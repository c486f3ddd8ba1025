import BatonCore
import BatonJSON
import BatonLinks
import Foundation
import HTTP

/// `GET /.well-known/apple-app-site-association` (Apple's CDN fetches it:
/// `application/json`, no redirect, cacheable) when the team, app and clip
/// are configured, and `GET /.well-known/assetlinks.json` (Android App
/// Links) when an Android package and certificate fingerprints are. Both are
/// built once at start; unconfigured, they are 404.
struct WellKnownRoutes {
    let app: BatonApplication

    func register(on router: inout Router) {
        let aasa = Self.aasa(app.configuration.links)
        let assetLinks = Self.assetLinks(app.configuration.redemption)
        router.get("/.well-known/apple-app-site-association", operation: .appleAppSiteAssociation) { _ in
            guard let aasa else { throw HTTPError.notFound }
            return Self.cacheableJSON(aasa)
        }
        router.get("/.well-known/assetlinks.json", operation: .androidAssetLinks) { _ in
            guard let assetLinks else { throw HTTPError.notFound }
            return Self.cacheableJSON(assetLinks)
        }
    }

    private static func cacheableJSON(_ body: Data) -> Response {
        var response = Response(status: 200, body: body)
        response.headers.set("Content-Type", "application/json")
        response.headers.set("Cache-Control", "public, max-age=3600")
        return response
    }

    static func aasa(_ links: LinkSettings) -> Data? {
        guard let team = links.appleTeamID, let appID = links.appBundleID, let clip = links.clipBundleID, let host = links.publicHost,
            let configuration = try? AppLinksConfiguration(teamID: team, appBundleID: appID, clipBundleID: clip, publicHost: host)
        else { return nil }
        return AASADocument.generate(for: configuration)
    }

    /// The Digital Asset Links statement letting the Android app handle the links.
    static func assetLinks(_ settings: RedemptionSettings) -> Data? {
        guard let package = settings.androidPackage, !settings.androidCertificateFingerprints.isEmpty else { return nil }
        let statement: JSONValue = .array([
            .object([
                "relation": .array(["delegate_permission/common.handle_all_urls"]),
                "target": .object([
                    "namespace": "android_app", "package_name": .string(package),
                    "sha256_cert_fingerprints": .array(settings.androidCertificateFingerprints.map(JSONValue.string)),
                ]),
            ])
        ])
        return Data(statement.jsonText().utf8)
    }
}
