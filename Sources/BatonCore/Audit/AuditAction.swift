import Postgres

/// What an operator did, as the audit trail names it (`baton.audit_log.action`).
public enum AuditAction: String, Sendable, CaseIterable, Codable, PostgresDecodable {
    /// Signed in to `/admin`; the target is the key's public id.
    case signedIn = "session.signed_in"
    /// Signed out of `/admin`; the target is the key's public id.
    case signedOut = "session.signed_out"
    /// Revoked an invite; the target is its id.
    case inviteRevoked = "invite.revoked"
    /// Moved an invite's expiry; the target is its id, the detail the new `expires_at`.
    case inviteExtended = "invite.extended"
    /// Gave an invite a new code and token; the target is its id.
    case inviteReissued = "invite.reissued"
    /// Queued an event's delivery again; the target is the event id, the detail the endpoint and the count.
    case eventRedelivered = "event.redelivered"
    /// Made a job available again; the target is its id.
    case jobRetried = "job.retried"
    /// Cancelled a job; the target is its id.
    case jobCancelled = "job.cancelled"
}
