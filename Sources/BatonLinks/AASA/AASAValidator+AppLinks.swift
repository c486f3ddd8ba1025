/// The `applinks` section: details, app identifiers and components.
extension AASAValidator {
    static let componentKeys: Set<String> = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

    /// An app identifier with the components that apply to it.
    struct LinkedApp {
        let appID: String
        let components: [[String: Any]]
    }

    mutating func checkAppLinks(_ section: Any?) -> [LinkedApp] {
        guard let section else { return [] }
        guard let details = (section as? [String: Any])?["details"] as? [Any] else {
            add(.error, "aasa_wrong_type", "applinks.details must be an array (the iOS 13+ format)")
            return []
        }
        var linked: [LinkedApp] = []
        for case let detail as [String: Any] in details {
            let appIDs = detailAppIDs(detail)
            let components = detailComponents(detail)
            linked += appIDs.map { LinkedApp(appID: $0, components: components) }
        }
        if details.contains(where: { !($0 is [String: Any]) }) {
            add(.error, "aasa_wrong_type", "every entry of applinks.details must be an object")
        }
        return linked
    }

    private mutating func detailAppIDs(_ detail: [String: Any]) -> [String] {
        var appIDs: [String] = []
        if let list = detail["appIDs"] {
            guard let strings = list as? [String] else {
                add(.error, "aasa_wrong_type", "appIDs must be an array of strings")
                return []
            }
            appIDs = strings
        }
        if let single = detail["appID"] as? String {
            add(.warning, "aasa_legacy_app_id", "appID \(Finding.quoted(single)) is the pre-iOS 13 form; use appIDs")
            if appIDs.isEmpty { appIDs = [single] }
        }
        if appIDs.isEmpty { add(.error, "aasa_no_app_ids", "an applinks detail names no app") }
        for appID in appIDs { checkAppID(appID, in: "applinks") }
        return appIDs
    }

    private mutating func detailComponents(_ detail: [String: Any]) -> [[String: Any]] {
        if detail["paths"] != nil {
            add(.warning, "aasa_legacy_paths", "paths is the pre-iOS 13 form, ignored where components exist")
        }
        guard let list = detail["components"] else {
            if detail["paths"] == nil { add(.error, "aasa_no_components", "an applinks detail has no components") }
            return []
        }
        guard let components = list as? [[String: Any]] else {
            add(.error, "aasa_wrong_type", "components must be an array of objects")
            return []
        }
        for component in components { checkComponent(component) }
        return components
    }

    private mutating func checkComponent(_ component: [String: Any]) {
        for key in component.keys.sorted() where !Self.componentKeys.contains(key) {
            add(.warning, "component_unknown_key", "component key \(Finding.quoted(key)) is not one Apple reads")
        }
        for key in ["/", "#", "comment"] where component[key] != nil && !(component[key] is String) {
            add(.error, "component_wrong_type", "component key \(Finding.quoted(key)) must be a string")
        }
        for key in ["exclude", "caseSensitive", "percentEncoded"] where component[key] != nil && !(component[key] is Bool) {
            add(.error, "component_wrong_type", "component key \(Finding.quoted(key)) must be true or false")
        }
        guard let query = component["?"] else { return }
        if query is String { return }
        guard let items = query as? [String: String] else {
            return add(.error, "component_wrong_type", "component key “?” must be a string or an object of strings")
        }
        for (name, pattern) in items.sorted(by: { $0.key < $1.key }) where pattern == "*" {
            add(
                .warning, "query_wildcard_matches_absent",
                "query item \(Finding.quoted(name)) is matched by “*”, which also matches when the item is missing; use “?*” to require it")
        }
    }
}
