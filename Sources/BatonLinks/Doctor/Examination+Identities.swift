/// The clip must be the app's: bundle id suffix, parent identifiers, the
/// app's associated App Clip identifiers, one team, on-demand install.
extension Examination {
    mutating func checkIdentities() {
        let team = teamID
        for text in (app.parentApplications ?? []) + (clip.parentApplications ?? []) + (app.associatedClips ?? [])
        where EntitlementAppID(text, teamID: team) == nil {
            if text.contains("$(") {
                add(.warning, "entitlement_build_variable", "\(Finding.quoted(text)) uses a build variable the doctor cannot resolve")
            } else {
                add(.error, "entitlement_app_id_invalid", "\(Finding.quoted(text)) is not TEAMID.bundle.id")
            }
        }
        if let configured = configuration.teamID {
            let literal = [ownAppID(app), ownAppID(clip)].compactMap { $0 } + appIDs(clip.parentApplications) + appIDs(app.associatedClips)
            for appID in literal where appID.teamID != nil && appID.teamID != configured {
                add(
                    .error, "team_id_mismatch",
                    "\(Finding.quoted((appID.teamID ?? "") + "." + appID.bundleID)) is not of team \(Finding.quoted(configured))")
            }
        }
        if let appBundleID, let clipBundleID, !AppleIdentifiers.isClip(clipBundleID, of: appBundleID) {
            add(
                .error, "clip_bundle_id_not_suffix",
                "the clip \(Finding.quoted(clipBundleID)) is not the app \(Finding.quoted(appBundleID)) plus one suffix")
        }
        // Compared only when the named identity is known independently of the
        // list being checked; otherwise the check would compare a list with itself.
        requireNamed(
            clip.parentApplications, of: "clip", key: Entitlements.parentApplicationsKey, code: "parent_application",
            bundleID: configuration.appBundleID != nil || ownAppID(app) != nil ? appBundleID : nil, team: team
        )
        requireNamed(
            app.associatedClips, of: "app", key: Entitlements.associatedClipsKey, code: "associated_appclip",
            bundleID: configuration.clipBundleID != nil || ownAppID(clip) != nil ? clipBundleID : nil, team: team
        )
        if !clip.isOnDemandInstallCapable {
            add(.error, "on_demand_install_missing", "the clip lacks \(Entitlements.onDemandInstallKey) = true")
        }
    }

    /// `<code>_missing` when the list is absent or empty, `<code>_mismatch`
    /// when `bundleID` is known and no entry names it.
    private mutating func requireNamed(
        _ list: [String]?, of owner: String, key: String, code: String, bundleID: String?, team: String?
    ) {
        guard let list, !list.isEmpty else { return add(.error, code + "_missing", "the \(owner) lacks \(key)") }
        guard let bundleID, !appIDs(list).contains(where: { $0.names(bundleID: bundleID, teamID: team) }) else { return }
        add(.error, code + "_mismatch", "the \(owner)'s \(key) does not name \(Finding.quoted(bundleID))")
    }
}
