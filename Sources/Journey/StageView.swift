/// A view of an invite counted per hour, first or repeated: reach is counted
/// once per invite in ``InviteStage``, every view here
/// (`baton.stage_views_hourly`).
public enum StageView: String, Sendable, CaseIterable, Codable {
    /// The landing page, opened by a person's browser.
    case linkOpened = "link_opened"
    /// The landing page fetched by a link-preview robot or with `HEAD`:
    /// never an open, never a change to the invite.
    case linkPreviewed = "link_previewed"
    /// A preview answered to the App Clip.
    case clipOpened = "clip_opened"
}
