/// The identities that tie the public host to the app and its App Clip; the
/// input of AASA generation and of the doctor's expectations.
public struct AppLinksConfiguration: Equatable, Sendable {
    /// Apple developer team id, e.g. `ABCDE12345`.
    public let teamID: String
    /// The full app's bundle identifier.
    public let appBundleID: String
    /// The App Clip's bundle identifier: the app's plus one suffix.
    public let clipBundleID: String
    /// The host of invite links, e.g. `baton.example`.
    public let publicHost: String
    /// Whether to list the app under `webcredentials` (password autofill).
    public let webCredentials: Bool

    /// Validates and stores the identities.
    ///
    /// - Throws: ``LinksConfigurationError`` for a malformed team id or bundle
    ///   identifier, a clip identifier that is not the app's plus a suffix, or
    ///   a host that is not a plain lower-case DNS name (wildcards included:
    ///   App Clips cannot be associated with `*.` domains).
    public init(
        teamID: String, appBundleID: String, clipBundleID: String, publicHost: String, webCredentials: Bool = false
    ) throws(LinksConfigurationError) {
        guard AppleIdentifiers.isTeamID(teamID) else { throw .teamIDInvalid(teamID) }
        guard AppleIdentifiers.isBundleID(appBundleID) else { throw .bundleIDInvalid(appBundleID) }
        guard AppleIdentifiers.isBundleID(clipBundleID) else { throw .bundleIDInvalid(clipBundleID) }
        guard AppleIdentifiers.isClip(clipBundleID, of: appBundleID) else {
            throw .clipNotSuffixOfApp(clip: clipBundleID, app: appBundleID)
        }
        guard Self.isHostName(publicHost) else { throw .hostInvalid(publicHost) }
        self.teamID = teamID
        self.appBundleID = appBundleID
        self.clipBundleID = clipBundleID
        self.publicHost = publicHost
        self.webCredentials = webCredentials
    }

    /// What the doctors check an AASA document against: nil when an identity
    /// is unknown or malformed. The host is compared lower-cased (hosts are
    /// case-insensitive); an unknown one is stood in for by `host.invalid`,
    /// since the document itself names no host.
    static func expectation(teamID: String?, appBundleID: String?, clipBundleID: String?, publicHost: String?) -> Self? {
        guard let teamID, let appBundleID, let clipBundleID else { return nil }
        return try? Self(
            teamID: teamID, appBundleID: appBundleID, clipBundleID: clipBundleID, publicHost: publicHost?.lowercased() ?? "host.invalid")
    }

    /// `TEAMID.app.bundle`.
    public var appID: String { teamID + "." + appBundleID }
    /// `TEAMID.app.bundle.Clip`.
    public var clipAppID: String { teamID + "." + clipBundleID }

    /// Lower-case letters, digits, hyphens and dots, at least two labels.
    static func isHostName(_ host: String) -> Bool {
        let labels = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return host.utf8.count <= 253 && labels.count >= 2
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                    && label.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                            || $0 == UInt8(ascii: "-")
                    }
            }
    }
}
