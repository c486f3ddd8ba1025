/// What the doctor compares the entitlement files against. Every field is
/// optional: what is not configured is taken from the files themselves
/// (`application-identifier`, the clip's parent identifiers, the app's
/// associated App Clip identifiers), and checks that need it are skipped.
public struct DoctorConfiguration: Equatable, Sendable {
    /// Apple developer team id; replaces `$(AppIdentifierPrefix)` in the files.
    public var teamID: String?
    /// The host of invite links, which `appclips:` and `applinks:` must name.
    public var publicHost: String?
    /// The full app's bundle identifier.
    public var appBundleID: String?
    /// The App Clip's bundle identifier.
    public var clipBundleID: String?

    /// Expectations; the host is compared lower-cased.
    public init(teamID: String? = nil, publicHost: String? = nil, appBundleID: String? = nil, clipBundleID: String? = nil) {
        self.teamID = teamID
        self.publicHost = publicHost?.lowercased()
        self.appBundleID = appBundleID
        self.clipBundleID = clipBundleID
    }
}
