/// One run of the doctor: the inputs, what is known of the identities, and
/// the findings so far.
struct Examination {
    let configuration: DoctorConfiguration
    let app: Entitlements
    let clip: Entitlements
    var findings: [Finding] = []

    init(configuration: DoctorConfiguration, app: Entitlements, clip: Entitlements) {
        self.configuration = configuration
        self.app = app
        self.clip = clip
    }

    mutating func add(_ severity: Finding.Severity, _ code: String, _ message: String) {
        findings.append(Finding(severity, code, message))
    }

    /// The team: configured, or the one literal team in the files.
    var teamID: String? {
        configuration.teamID ?? ownAppID(app)?.teamID ?? ownAppID(clip)?.teamID
    }

    /// The app's bundle id: configured, its own `application-identifier`, or
    /// what the clip names as its parent.
    var appBundleID: String? {
        configuration.appBundleID ?? ownAppID(app)?.bundleID ?? appIDs(clip.parentApplications).first?.bundleID
    }

    /// The clip's bundle id: configured, its own `application-identifier`, or
    /// what the app names as its associated App Clip.
    var clipBundleID: String? {
        configuration.clipBundleID ?? ownAppID(clip)?.bundleID ?? appIDs(app.associatedClips).first?.bundleID
    }

    func ownAppID(_ entitlements: Entitlements) -> EntitlementAppID? {
        entitlements.applicationIdentifier.flatMap { EntitlementAppID($0, teamID: configuration.teamID) }
    }

    func appIDs(_ texts: [String]?) -> [EntitlementAppID] {
        (texts ?? []).compactMap { EntitlementAppID($0, teamID: configuration.teamID) }
    }

    mutating func checkTypes() {
        let keys = [
            Entitlements.appGroupsKey, Entitlements.associatedDomainsKey, Entitlements.parentApplicationsKey,
            Entitlements.associatedClipsKey,
        ]
        for (name, entitlements) in [("app", app), ("clip", clip)] {
            for key in keys where entitlements.hasWrongType(key) {
                add(.error, "entitlement_wrong_type", "the \(name)'s \(key) is not an array of strings")
            }
        }
    }
}
