import Foundation

/// Keeps the one handoff the App Clip passes to the full app, in the App
/// Group both share: `write` in the clip, `take()` in the app.
///
/// Every value written or read goes through the same ``HandoffDecoder`` rules
/// (size first, then header, time, payload), with the device policy by
/// default. An envelope of a newer schema version than this build knows is
/// not refused: it is returned as ``StoredHandoff/newer(_:)`` so the app can
/// forward the bytes to the server unread.
public final class HandoffStore: Sendable {
    /// The `UserDefaults` key the suite-backed store uses by default.
    public static let defaultKey = "baton.handoff"

    private let storage: any HandoffStorage
    private let decoder: HandoffDecoder

    init(storage: any HandoffStorage, decoder: HandoffDecoder) {
        self.storage = storage
        self.decoder = decoder
    }

    /// A store in the App Group's `UserDefaults` suite `appGroup`.
    ///
    /// - Throws: `handoff_storage_failed` when `appGroup` is not an App Group
    ///   identifier (``isAppGroupIdentifier(_:)``), when `UserDefaults` refuses the suite name, or, on Apple
    ///   platforms, when this process is not entitled to that exact
    ///   (case-sensitive) group — instead of silently using a private domain
    ///   that the other target never sees.
    public static func appGroup(
        _ appGroup: String, key: String = defaultKey, decoder: HandoffDecoder = HandoffDecoder(policy: .device)
    ) throws(HandoffError) -> HandoffStore {
        try requireAppGroupIdentifier(appGroup)
        #if canImport(Darwin)
        guard FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) != nil else {
            throw .storageFailed(reason: "this target is not entitled to the App Group (check the identifier's case)")
        }
        #endif
        guard let defaults = UserDefaults(suiteName: appGroup) else {
            throw .storageFailed(reason: "UserDefaults refused the App Group suite")
        }
        return HandoffStore(storage: UserDefaultsHandoffStorage(defaults: defaults, key: key), decoder: decoder)
    }

    /// A store in the file at `url`, normally inside the App Group container
    /// (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    /// Its `take()` is atomic across processes.
    public static func file(at url: URL, decoder: HandoffDecoder = HandoffDecoder(policy: .device)) -> HandoffStore {
        HandoffStore(storage: FileHandoffStorage(url: url), decoder: decoder)
    }

    /// Checks `envelope` and stores it verbatim, replacing any earlier one.
    ///
    /// - Throws: the decoder's error, and nothing is stored; or
    ///   `handoff_storage_failed`.
    @discardableResult
    public func write(_ envelope: String) throws(HandoffError) -> StoredHandoff {
        let stored = try decoder.readForForwarding(envelope)
        try storage.save(envelope)
        return stored
    }

    /// The stored handoff without removing it; nil before the clip wrote one.
    ///
    /// - Throws: the decoder's error for an invalid stored value (left in
    ///   place), or `handoff_storage_failed`.
    public func read() throws(HandoffError) -> StoredHandoff? {
        guard let text = try storage.load(maxBytes: decoder.limits.maxBytes) else { return nil }
        return try decoder.readForForwarding(text)
    }

    /// Removes the stored handoff and returns it: of any number of racing
    /// callers, exactly one gets it. Nil when there is none.
    ///
    /// - Throws: the decoder's error for an invalid stored value, which is
    ///   removed all the same so it cannot block later handoffs; or
    ///   `handoff_storage_failed`.
    public func take() throws(HandoffError) -> StoredHandoff? {
        guard let text = try storage.claim(maxBytes: decoder.limits.maxBytes) else { return nil }
        return try decoder.readForForwarding(text)
    }

    /// Removes the stored handoff, if any.
    public func clear() throws(HandoffError) {
        try storage.remove()
    }
}
