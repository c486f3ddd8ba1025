import BatonCore
import HTTP

/// `GET /v1/config/public`: the identifiers this Baton publishes anyway (in
/// its AASA file, its landing pages and its links), gathered for
/// `baton doctor --live`: team id, bundle ids, App Store id, public host and
/// the invite path prefix. Nothing secret, so no key is needed; unset values
/// are `null`.
struct ConfigRoutes {
    let app: BatonApplication

    /// The answer; keys become snake_case, unset values `null` rather than absent.
    struct PublicConfiguration: Encodable {
        let teamId: String?
        let appBundleId: String?
        let clipBundleId: String?
        let appStoreId: String?
        let publicHost: String?
        let invitePathPrefix: String

        private enum CodingKeys: String, CodingKey {
            case teamId, appBundleId, clipBundleId, appStoreId, publicHost, invitePathPrefix
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(teamId, forKey: .teamId)
            try container.encode(appBundleId, forKey: .appBundleId)
            try container.encode(clipBundleId, forKey: .clipBundleId)
            try container.encode(appStoreId, forKey: .appStoreId)
            try container.encode(publicHost, forKey: .publicHost)
            try container.encode(invitePathPrefix, forKey: .invitePathPrefix)
        }
    }

    func register(on router: inout Router) {
        let links = app.configuration.links
        let body = PublicConfiguration(
            teamId: links.appleTeamID, appBundleId: links.appBundleID, clipBundleId: links.clipBundleID,
            appStoreId: links.appStoreID, publicHost: links.publicHost, invitePathPrefix: "/invite/")
        router.get("/v1/config/public", operation: .publicConfiguration) { _ in
            var response = try Response.json(body)
            response.headers.set("Cache-Control", "public, max-age=300")
            return response
        }
    }
}
