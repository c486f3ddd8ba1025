import BatonHandoff
import Foundation

/// The App Group container the clip and the app share, and the handoff
/// store inside it (`HandoffStore.appGroupFile`).
///
/// On iOS the container is the one `FileManager` gives for a group in the
/// target's entitlements. Elsewhere (this example on Linux) it is a
/// directory named after the group under `root`, as macOS lays out
/// `~/Library/Group Containers`: like on a device, two spellings of one
/// identifier are two containers.
struct AppGroupContainer: Sendable {
    /// The App Group identifier, such as `group.com.example.family`.
    let identifier: String
    /// Where the containers are directories; nil on the device.
    let root: URL?

    /// The container of `identifier` under `root`.
    /// - Throws: `app_group_invalid` when it is not an App Group identifier (`group.…`, or `TEAMID.…` on macOS).
    init(identifier: String, root: URL) throws(FlowError) {
        guard HandoffStore.isAppGroupIdentifier(identifier) else { throw .appGroupInvalid }
        self.identifier = identifier
        self.root = root
    }

    #if os(iOS)
    /// The container iOS gives this target for `identifier`; ``handoffStore()``
    /// refuses a group the target is not entitled to (the exact, case-sensitive spelling).
    /// - Throws: `app_group_invalid` when it is not an App Group identifier.
    init(entitled identifier: String) throws(FlowError) {
        guard HandoffStore.isAppGroupIdentifier(identifier) else { throw .appGroupInvalid }
        self.identifier = identifier
        root = nil
    }
    #endif

    /// The file-backed handoff store in this container; its `take()` is
    /// atomic across processes, which a `UserDefaults` suite is not.
    /// - Throws: `handoff_storage_failed` when the container cannot be created or the target is not entitled to it.
    func handoffStore() throws(FlowError) -> HandoffStore {
        do throws(HandoffError) {
            guard let root else { return try HandoffStore.appGroupFile(identifier) }
            return try HandoffStore.appGroupFile(identifier, in: root)
        } catch {
            throw .handoff(error)
        }
    }

    /// Sibling containers whose identifier equals this one but for case and
    /// that hold a handoff: what a clip with a differently spelled App Group
    /// left behind. Only meaningful where containers are plain directories.
    func caseVariantsHoldingHandoff() -> [String] {
        guard let root else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            name != identifier && name.lowercased() == identifier.lowercased()
                && FileManager.default.fileExists(atPath: root.appending(path: name).appending(path: HandoffStore.defaultFileName).path)
        }.sorted()
    }
}
