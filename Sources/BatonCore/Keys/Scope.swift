/// What an API key may do. Every route names the scope it needs.
public enum Scope: String, Sendable, CaseIterable, Codable {
    /// Create and revoke invites.
    case invitesWrite = "invites:write"
    /// Read invites and their redemptions.
    case invitesRead = "invites:read"
    /// Redeem invites on behalf of a redeemer the backend names.
    case redemptionsWrite = "redemptions:write"
    /// Read the funnel and the dashboard.
    case metricsRead = "metrics:read"
    case eventsRead = "events:read" // GET /v1/events, the event feed
    /// Everything, including key management.
    case admin
}
