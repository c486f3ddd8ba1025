/// The App Group is where the clip leaves the handoff for the app: both must
/// name the very same identifier, and identifiers are case-sensitive.
extension Examination {
    mutating func checkAppGroups() {
        let appGroups = app.appGroups ?? []
        let clipGroups = clip.appGroups ?? []
        if appGroups.isEmpty { add(.error, "app_group_missing", "the app has no App Group (\(Entitlements.appGroupsKey))") }
        if clipGroups.isEmpty { add(.error, "app_group_missing", "the clip has no App Group (\(Entitlements.appGroupsKey))") }
        for group in Set(appGroups + clipGroups).sorted() where !group.hasPrefix("group.") {
            add(.warning, "app_group_format", "App Group \(Finding.quoted(group)) does not start with “group.”")
        }
        guard !appGroups.isEmpty, !clipGroups.isEmpty else { return }
        var caseMismatches = 0
        for appGroup in appGroups where !clipGroups.contains(appGroup) {
            for clipGroup in clipGroups where clipGroup != appGroup && clipGroup.lowercased() == appGroup.lowercased() {
                add(
                    .error, "app_group_case_mismatch",
                    "App Groups differ only in case: app \(Finding.quoted(appGroup)), clip \(Finding.quoted(clipGroup)); they are different containers"
                )
                caseMismatches += 1
            }
        }
        if caseMismatches == 0, Set(appGroups).isDisjoint(with: clipGroups) {
            add(.error, "app_group_not_shared", "the app and the clip share no App Group, so the app cannot read the handoff")
        }
    }
}
