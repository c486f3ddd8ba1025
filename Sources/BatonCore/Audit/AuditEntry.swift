import Foundation

/// One row of the audit trail: who did what to which target, and when.
public struct AuditEntry: Sendable, Equatable {
    /// Its position in the trail: newer entries have higher ids.
    public var id: Int64
    /// The API key that acted (its row id).
    public var keyID: UUID
    /// The key's public id (`bk_<public id>_…`), to recognise it in `baton keys list`.
    public var keyPublicID: String
    /// The key's name.
    public var keyName: String
    /// What was done.
    public var action: AuditAction
    /// What it was done to: an invite, event or job id, or a key's public id.
    public var target: String
    /// Small details as a JSON object's text, such as `{"expires_at": "…"}`.
    public var detail: String
    /// When, by the database clock.
    public var occurredAt: Date
}
