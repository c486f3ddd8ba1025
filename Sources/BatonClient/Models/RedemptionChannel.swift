/// How an invite was redeemed (`channel`), counted apart in the funnel.
public enum RedemptionChannel: String, Codable, CaseIterable, Sendable {
    /// Inside the App Clip.
    case clip
    /// In the full app (the server's default).
    case app
    /// On a website.
    case web
    /// By a backend on the person's behalf.
    case backend
}
