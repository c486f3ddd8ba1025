import Foundation

/// The entitlements the handoff depends on, read from an Xcode `.entitlements`
/// file or from `codesign -d --entitlements` output (XML or binary plist).
struct Entitlements {
    static let sizeLimit = 1 << 20
    static let appGroupsKey = "com.apple.security.application-groups"
    static let associatedDomainsKey = "com.apple.developer.associated-domains"
    static let parentApplicationsKey = "com.apple.developer.parent-application-identifiers"
    static let associatedClipsKey = "com.apple.developer.associated-appclip-app-identifiers"
    static let onDemandInstallKey = "com.apple.developer.on-demand-install-capable"
    static let applicationIdentifierKey = "application-identifier"

    let values: [String: Any]

    init(_ data: Data, input: DoctorError.Input) throws(DoctorError) {
        guard data.count <= Self.sizeLimit else { throw .tooLarge(input, limit: Self.sizeLimit) }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPropertyList(input)
        }
        guard let dictionary = root as? [String: Any] else { throw .notADictionary(input) }
        values = dictionary
    }

    /// The string array under `key`: `nil` when absent, `[]` when of another type.
    func strings(_ key: String) -> [String]? {
        guard let value = values[key] else { return nil }
        return value as? [String] ?? []
    }

    /// Whether `key` holds an array of something other than strings.
    func hasWrongType(_ key: String) -> Bool {
        values[key] != nil && !(values[key] is [String])
    }

    var appGroups: [String]? { strings(Self.appGroupsKey) }
    var associatedDomains: [String]? { strings(Self.associatedDomainsKey) }
    var parentApplications: [String]? { strings(Self.parentApplicationsKey) }
    var associatedClips: [String]? { strings(Self.associatedClipsKey) }
    var isOnDemandInstallCapable: Bool { values[Self.onDemandInstallKey] as? Bool ?? false }
    var applicationIdentifier: String? { values[Self.applicationIdentifierKey] as? String }
}
