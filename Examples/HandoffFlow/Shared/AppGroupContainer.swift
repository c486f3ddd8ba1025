import BatonHandoff
import Foundation

/// The App Group container the clip and the app share, and the handoff
/// store inside it.
///
/// On iOS the directory is `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`,
/// which exists only for a group in the target's entitlements. Elsewhere
/// (this example on Linux) it is a directory named after the group under
/// `root`, as macOS lays out `~/Library/Group Containers`: like on a device,
/// two spellings of one identifier are two containers.
struct AppGroupContainer: Sendable {
    /// The file inside the container that holds the one handoff.
    static let handoffFileName = "baton-handoff.jws"

    /// The App Group identifier, such as `group.com.example.family`.
    let identifier: String
    /// The container directory.
    let directory: URL

    /// The container of `identifier` under `root`.
    /// - Throws: `app_group_invalid` when it does not start with `group.` or names no single directory.
    init(identifier: String, root: URL) throws(FlowError) {
        guard Self.isWellFormed(identifier) else { throw .appGroupInvalid }
        self.identifier = identifier
        directory = root.appending(path: identifier, directoryHint: .isDirectory)
    }

    #if os(iOS)
    /// The container iOS gives this target for `identifier`.
    /// - Throws: `app_group_invalid` when the target is not entitled to that exact (case-sensitive) group.
    init(entitled identifier: String) throws(FlowError) {
        guard Self.isWellFormed(identifier),
            let directory = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)
        else { throw .appGroupInvalid }
        self.identifier = identifier
        self.directory = directory
    }
    #endif

    /// The file-backed handoff store in this container; its `take()` is
    /// atomic across processes, which a `UserDefaults` suite is not.
    /// - Throws: `handoff_storage_failed` when the container cannot be created.
    func handoffStore() throws(FlowError) -> HandoffStore {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .handoff(.storageFailed(reason: "the App Group container cannot be created"))
        }
        return HandoffStore.file(at: directory.appending(path: Self.handoffFileName))
    }

    /// Sibling containers whose identifier equals this one but for case and
    /// that hold a handoff: what a clip with a differently spelled App Group
    /// left behind. Only meaningful where containers are plain directories.
    func caseVariantsHoldingHandoff() -> [String] {
        let root = directory.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            name != identifier && name.lowercased() == identifier.lowercased()
                && FileManager.default.fileExists(atPath: root.appending(path: name).appending(path: Self.handoffFileName).path)
        }.sorted()
    }

    private static func isWellFormed(_ identifier: String) -> Bool {
        identifier.hasPrefix("group.") && identifier.utf8.count > 6 && identifier.utf8.count <= 255
            && identifier.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            }
    }
}
