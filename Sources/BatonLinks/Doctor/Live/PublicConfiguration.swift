import Foundation

/// What a running Baton publishes at `GET /v1/config/public`: the
/// identifiers the live doctor checks the AASA file, the landing page and the
/// entitlements against.
public struct PublicConfiguration: Decodable, Equatable, Sendable {
    /// The Apple developer team id.
    public let teamID: String?
    /// The full app's bundle id.
    public let appBundleID: String?
    /// The App Clip's bundle id.
    public let clipBundleID: String?
    /// The full app's App Store id.
    public let appStoreID: String?
    /// The host of invite links.
    public let publicHost: String?
    /// The path under which invite links live (`/invite/`).
    public let invitePathPrefix: String

    private enum CodingKeys: String, CodingKey {
        case teamID = "team_id", appBundleID = "app_bundle_id", clipBundleID = "clip_bundle_id", appStoreID = "app_store_id"
        case publicHost = "public_host", invitePathPrefix = "invite_path_prefix"
    }
}
