/// The platform of an invite's first landing-page open by a person
/// (`baton.invite_stages.platform` of its `link_opened` row): what a
/// breakdown by ``FunnelGrouping/platform`` and the `platform` label of
/// `baton_invite_stages` show. Decided by the server from the `User-Agent`
/// (the landing page's own choice of store), never a fingerprint; an invite
/// never opened, or opened before platforms were recorded, has none.
public enum JourneyPlatform: String, Sendable, CaseIterable, Codable {
    /// iPhone, iPod touch, and iPads that say so.
    case ios
    /// Any Android browser or in-app web view.
    case android
    /// Windows, macOS (and iPadOS asking for desktop pages), Linux, ChromeOS.
    case desktop
    /// Any other agent, or none.
    case other
}
