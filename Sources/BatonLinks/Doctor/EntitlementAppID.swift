/// An application identifier as entitlements write it: `TEAMID.bundle.id`,
/// or with Xcode's `$(AppIdentifierPrefix)` / `$(TeamIdentifierPrefix)` in
/// place of the team, which Xcode fills in at signing time.
struct EntitlementAppID: Equatable {
    static let teamVariables = ["$(AppIdentifierPrefix)", "$(TeamIdentifierPrefix)"]

    /// The team id, `nil` when written as a variable and no team is configured.
    let teamID: String?
    let bundleID: String

    /// Parses `text`, substituting `teamID` for the prefix variables; `nil`
    /// when the text is neither form.
    init?(_ text: String, teamID configuredTeam: String?) {
        if let variable = Self.teamVariables.first(where: text.hasPrefix) {
            let bundle = String(text.dropFirst(variable.count))
            guard AppleIdentifiers.isBundleID(bundle) else { return nil }
            teamID = configuredTeam
            bundleID = bundle
        } else if let (team, bundle) = AppleIdentifiers.splitAppID(text) {
            teamID = team
            bundleID = bundle
        } else {
            return nil
        }
    }

    /// Whether this names `bundleID` of `teamID` (teams compared only when both known).
    func names(bundleID other: String, teamID otherTeam: String?) -> Bool {
        guard bundleID == other else { return false }
        guard let teamID, let otherTeam else { return true }
        return teamID == otherTeam
    }
}
