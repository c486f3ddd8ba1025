/// What Baton needs from the document: its clip listed, its app opening invite links.
extension AASAValidator {
    /// An invite path that any correct document must hand to the app.
    static let sampleInvitePath = "/invite/0123456789ABCDEFGHJKMNPQRS"

    mutating func checkExpectations(_ configuration: AppLinksConfiguration, clips: [String], linkedApps: [LinkedApp]) {
        if !clips.contains(configuration.clipAppID) {
            add(.error, "aasa_clip_missing", "appclips.apps does not list \(Finding.quoted(configuration.clipAppID))")
        }
        let entries = linkedApps.filter { $0.appID == configuration.appID }
        if entries.isEmpty {
            add(.error, "aasa_app_missing", "applinks does not list \(Finding.quoted(configuration.appID))")
        } else if !entries.contains(where: { Self.opens(Self.sampleInvitePath, with: $0.components) }) {
            add(
                .warning, "aasa_invite_path_not_covered",
                "no applinks component gives \(Finding.quoted(configuration.appID)) the invite links under /invite/")
        }
    }

    /// Whether the first component matching `path` (no query, no fragment)
    /// includes it. Missing query items and fragments match as empty text.
    static func opens(_ path: String, with components: [[String: Any]]) -> Bool {
        for component in components {
            let caseSensitive = component["caseSensitive"] as? Bool ?? true
            let pathMatches = AASAPattern.matches(component["/"] as? String ?? "*", path, caseSensitive: caseSensitive)
            let fragmentMatches = AASAPattern.matches(component["#"] as? String ?? "*", "", caseSensitive: caseSensitive)
            let queryMatches: Bool =
                switch component["?"] {
                case let pattern as String: AASAPattern.matches(pattern, "", caseSensitive: caseSensitive)
                case let items as [String: String]: items.values.allSatisfy { AASAPattern.matches($0, "", caseSensitive: caseSensitive) }
                default: true
                }
            if pathMatches && fragmentMatches && queryMatches {
                return !(component["exclude"] as? Bool ?? false)
            }
        }
        return false
    }
}
