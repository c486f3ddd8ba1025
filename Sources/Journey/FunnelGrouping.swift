/// What a funnel's journey is broken down by (`group_by`): the invite's
/// `source`, `campaign`, inviter or family, or the platform of its first
/// landing-page open. Invites without the attribute (for `platform`: never
/// opened by a person, or opened before platforms were recorded) form the
/// group whose key is null.
public enum FunnelGrouping: String, Sendable, CaseIterable, Codable {
    /// The share channel the backend named (`source`).
    case source
    /// The campaign the backend named (`campaign`).
    case campaign
    /// The inviter's id (`inviter_id`).
    case inviter
    /// The family (`family_id`).
    case family
    /// The platform of the first landing-page open (``JourneyPlatform``).
    case platform

    /// Every value for people, in order: "source, campaign, …, family or
    /// platform"; what an error or a usage line lists.
    public static let listed: String = {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }()

    /// The key of an invite (`baton.invites` aliased `i`) the groups of
    /// stage rows are keyed by: a column, or for the platform its
    /// `link_opened` row's, one primary-key lookup per row.
    var column: String {
        switch self {
        case .source: "i.source"
        case .campaign: "i.campaign"
        case .inviter: "i.inviter_id"
        case .family: "i.family_id"
        case .platform:
            "(SELECT o.platform FROM baton.invite_stages o WHERE o.invite_id = i.id AND o.stage = 'link_opened')"
        }
    }
}
