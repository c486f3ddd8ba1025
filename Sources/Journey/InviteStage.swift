/// A stage of an invite's journey from link to app that the server can see,
/// in order, then the exits. Each is marked at most once per invite, the
/// first time (`baton.invite_stages`); docs/metrics.md says what reaches each.
public enum InviteStage: String, Sendable, CaseIterable, Codable {
    /// Created (`invite.created`).
    case issued
    /// The landing page opened in a browser (`GET /invite/{token}`, not a link preview).
    case linkOpened = "link_opened"
    /// The App Clip asked for the invite (`POST /v1/invocations` or a preview).
    case clipOpened = "clip_opened"
    /// The full app presented the handoff (its first redemption attempt, or a
    /// handoff check with `channel=app`).
    case appPresented = "app_presented"
    /// Redeemed (the first redemption).
    case redeemed
    /// Expired by the sweep.
    case expired
    /// Revoked.
    case revoked

    /// The stages of the funnel proper, in order (the rest are exits).
    public static let funnel: [InviteStage] = [.issued, .linkOpened, .clipOpened, .appPresented, .redeemed]
}
