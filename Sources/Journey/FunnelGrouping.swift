/// What a funnel's journey is broken down by (`group_by`): the invite's
/// `source`, `campaign`, inviter or family. Invites without the attribute
/// form the group whose key is null.
public enum FunnelGrouping: String, Sendable, CaseIterable, Codable {
    /// The share channel the backend named (`source`).
    case source
    /// The campaign the backend named (`campaign`).
    case campaign
    /// The inviter's id (`inviter_id`).
    case inviter
    /// The family (`family_id`).
    case family

    /// The `baton.invites` column (aliased `i`) the groups are keyed by.
    var column: String {
        switch self {
        case .source: "i.source"
        case .campaign: "i.campaign"
        case .inviter: "i.inviter_id"
        case .family: "i.family_id"
        }
    }
}
