/// The payload schema versions a reader knows, each with the function that
/// reads its payload and upgrades it to the current model.
///
/// The server's registry knows every version ever shipped and upgrades old
/// payloads; an app's registry knows the versions up to its release, and an
/// envelope of a newer version is ``HandoffError/unsupportedVersion(found:supported:)``
/// for the decoder, or forwarded unread by ``HandoffStore``.
public struct HandoffVersionRegistry<Payload: Sendable>: Sendable {
    /// Reads one version's payload object for `kind` into the current model.
    public typealias Reader = @Sendable (HandoffFields, HandoffKind) throws(HandoffError) -> Payload

    /// The version new envelopes are minted with.
    public let currentVersion: Int
    private var readers: [Int: Reader]

    /// A registry whose current version is `currentVersion`, read by `reader`.
    public init(currentVersion: Int, reader: @escaping Reader) {
        self.currentVersion = currentVersion
        self.readers = [currentVersion: reader]
    }

    /// This registry plus an older `version`: its payload is read by `reader`
    /// into that version's own model, then `upgrade`d to the current model.
    public func adding<Old>(
        version: Int,
        reader: @escaping @Sendable (HandoffFields, HandoffKind) throws(HandoffError) -> Old,
        upgrade: @escaping @Sendable (Old) throws(HandoffError) -> Payload
    ) -> Self {
        @Sendable func readAndUpgrade(_ fields: HandoffFields, _ kind: HandoffKind) throws(HandoffError) -> Payload {
            try upgrade(try reader(fields, kind))
        }
        var copy = self
        copy.readers[version] = readAndUpgrade
        return copy
    }

    /// Every version this registry reads, ascending.
    public var supportedVersions: [Int] { readers.keys.sorted() }

    /// Whether `version` is newer than any this registry knows: such bytes
    /// are forwarded unread rather than refused by a store.
    public func isNewer(_ version: Int) -> Bool {
        version > (readers.keys.max() ?? currentVersion)
    }

    /// The reader for `version`, or the unsupported-version error.
    func reader(for version: Int) throws(HandoffError) -> Reader {
        guard let reader = readers[version] else {
            throw .unsupportedVersion(found: version, supported: supportedVersions)
        }
        return reader
    }
}

extension HandoffVersionRegistry where Payload == HandoffPayload {
    /// The versions this release of the library reads: version 1.
    public static var standard: Self {
        HandoffVersionRegistry(currentVersion: 1) { (fields, kind) throws(HandoffError) in
            try HandoffPayload(version1: fields, kind: kind)
        }
    }
}
