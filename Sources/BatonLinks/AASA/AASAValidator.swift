import Foundation

/// Checks an `apple-app-site-association` document the way Apple's CDN and
/// devices read it, reporting errors (the association will not work) and
/// warnings (legacy forms, likely mistakes).
///
/// The rules come from Apple's documentation of the associated domains file:
/// at most 128 KB, JSON object, `TEAMID.bundle` application identifiers,
/// `components` with the keys `/`, `?`, `#`, `exclude`, `comment`,
/// `caseSensitive`, `percentEncoded`, and App Clips listed under
/// `appclips.apps`.
public struct AASAValidator {
    /// Largest document Apple accepts.
    public static let sizeLimit = 128 * 1024
    static let topLevelKeys: Set<String> = ["applinks", "appclips", "webcredentials", "activitycontinuation"]

    var findings: [Finding] = []

    /// Findings for `data`; with `configuration`, also whether the document
    /// lists its App Clip and its app for invite links. Never throws: a
    /// document that is too large or not JSON is itself a finding.
    public static func validate(_ data: Data, expecting configuration: AppLinksConfiguration? = nil) -> [Finding] {
        var validator = AASAValidator()
        validator.check(data, expecting: configuration)
        return validator.findings
    }

    mutating func check(_ data: Data, expecting configuration: AppLinksConfiguration?) {
        guard data.count <= Self.sizeLimit else {
            return add(.error, "aasa_too_large", "the document is \(data.count) bytes; Apple accepts at most \(Self.sizeLimit)")
        }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return add(.error, "aasa_not_json", "the document is not a JSON object")
        }
        for key in root.keys.sorted() where !Self.topLevelKeys.contains(key) {
            add(.warning, "aasa_unknown_key", "top-level key \(Finding.quoted(key)) is not one Apple reads")
        }
        guard root["applinks"] != nil || root["appclips"] != nil || root["webcredentials"] != nil else {
            return add(.error, "aasa_empty", "the document has no applinks, appclips or webcredentials section")
        }
        let linkedApps = checkAppLinks(root["applinks"])
        let clips = checkApps(root["appclips"], section: "appclips")
        _ = checkApps(root["webcredentials"], section: "webcredentials")
        checkClipsHaveParents(clips, apps: linkedApps.map(\.appID))
        if let configuration { checkExpectations(configuration, clips: clips, linkedApps: linkedApps) }
    }

    mutating func add(_ severity: Finding.Severity, _ code: String, _ message: String) {
        findings.append(Finding(severity, code, message))
    }

    /// `apps` of a section holding only application identifiers.
    mutating func checkApps(_ section: Any?, section name: String) -> [String] {
        guard let section else { return [] }
        guard let apps = (section as? [String: Any])?["apps"] as? [String] else {
            add(.error, "aasa_wrong_type", "\(name).apps must be an array of application identifiers")
            return []
        }
        for app in apps {
            if name == "appclips", app.contains("*") {
                add(.error, "appclips_wildcard", "appclips cannot use wildcards: \(Finding.quoted(app))")
            } else {
                checkAppID(app, in: name)
            }
        }
        return apps
    }

    mutating func checkAppID(_ appID: String, in section: String) {
        if AppleIdentifiers.splitAppID(appID) == nil {
            add(.error, "app_id_invalid", "\(section) lists \(Finding.quoted(appID)), which is not TEAMID.bundle.id")
        }
    }

    mutating func checkClipsHaveParents(_ clips: [String], apps: [String]) {
        guard !apps.isEmpty else { return }
        for clip in clips where !apps.contains(where: { AppleIdentifiers.isClip(clip, of: $0) }) {
            add(.warning, "clip_without_parent_app", "App Clip \(Finding.quoted(clip)) is not an applinks app plus one suffix")
        }
    }
}
