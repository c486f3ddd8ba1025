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
    /// Create, change, rotate, test and delete webhook endpoints; redeliver events.
    case webhooksWrite = "webhooks:write"
    /// Read webhook endpoints and their delivery logs.
    case webhooksRead = "webhooks:read"
    /// Read the event feed (`GET /v1/events`).
    case eventsRead = "events:read"
    /// Everything, including key management.
    case admin
}
