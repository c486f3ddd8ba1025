import Foundation

/// One key of an App Group `UserDefaults` suite.
///
/// `claim` is atomic within one process (a process-wide lock around read and
/// remove, shared by every instance); across processes it is not, because
/// `UserDefaults` offers no compare-and-remove — use the file store when the
/// clip and the app may run at the same moment.
struct UserDefaultsHandoffStorage: @unchecked Sendable {
    // UserDefaults is documented thread-safe; it is not marked Sendable on every platform.
    private let defaults: UserDefaults
    private let key: String
    private static let claimLock = NSLock()

    init(defaults: UserDefaults, key: String) {
        self.defaults = defaults
        self.key = key
    }
}

extension UserDefaultsHandoffStorage: HandoffStorage {
    func load(maxBytes: Int) throws(HandoffError) -> String? {
        guard let value = defaults.object(forKey: key) else { return nil }
        guard let text = value as? String else { throw .storageFailed(reason: "the stored value is not a string") }
        return text
    }

    func save(_ text: String) throws(HandoffError) {
        defaults.set(text, forKey: key)
    }

    func claim(maxBytes: Int) throws(HandoffError) -> String? {
        Self.claimLock.lock()
        defer { Self.claimLock.unlock() }
        let value = defaults.object(forKey: key)
        defaults.removeObject(forKey: key)
        guard let value else { return nil }
        guard let text = value as? String else { throw .storageFailed(reason: "the stored value is not a string") }
        return text
    }

    func remove() throws(HandoffError) {
        defaults.removeObject(forKey: key)
    }
}
