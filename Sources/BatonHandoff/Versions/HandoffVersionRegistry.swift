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
    // Stored with untyped throws: a typed-throws function type as a generic
    // argument needs runtime support that iOS 16 and macOS 13 lack.
    private var readers: [Int: @Sendable (HandoffFields, HandoffKind) throws -> Payload]

    /// A registry whose current version is `currentVersion`, read by `reader`.
    public init(currentVersion: Int, reader: @escaping Reader) {
        self.currentVersion = currentVersion
        self.readers = [currentVersion: { try reader($0, $1) }]
    }

    /// This registry plus an older `version`: its payload is read by `reader`
    /// into that version's own model, then `upgrade`d to the current model.
    public func adding<Old>(
        version: Int,
        reader: @escaping @Sendable (HandoffFields, HandoffKind) throws(HandoffError) -> Old,
        upgrade: @escaping @Sendable (Old) throws(HandoffError) -> Payload
    ) -> Self {
        var copy = self
        copy.readers[version] = { try upgrade(try reader($0, $1)) }
        return copy
    }

    /// Every version this registry reads, ascending.
    public var supportedVersions: [Int] { readers.keys.sorted() }

    /// Whether `version` is newer than any this registry knows: such bytes
    /// are forwarded unread rather than refused by a store.
    public func isNewer(_ version: Int) -> Bool {
        version > (readers.keys.max() ?? currentVersion)
    }

    /// Throws the unsupported-version error unless `version` is registered.
    func requireKnown(_ version: Int) throws(HandoffError) {
        guard readers[version] != nil else {
            throw .unsupportedVersion(found: version, supported: supportedVersions)
        }
    }

    /// Reads and upgrades a payload of `version`.
    func read(_ fields: HandoffFields, kind: HandoffKind, version: Int) throws(HandoffError) -> Payload {
        guard let reader = readers[version] else {
            throw .unsupportedVersion(found: version, supported: supportedVersions)
        }
        do {
            return try reader(fields, kind)
        } catch let error as HandoffError {
            throw error
        } catch {
            throw .invalidPayload(reason: "the version's reader failed")
        }
    }
}

extension HandoffVersionRegistry where Payload == HandoffPayload {
    /// The versions this release of the library reads: 1, 2 and 3. Version 2
    /// added the header's `jti`; version 3 lets an invite name no inviter
    /// (`inviter_name` absent), which readers of versions 1 and 2 before it
    /// refused. All three payloads are read by the same reader.
    public static var standard: Self { standardRegistry }
}

/// Built once: generic types cannot hold static stored properties.
private let standardRegistry = HandoffVersionRegistry<HandoffPayload>(currentVersion: 3, reader: readVersion1Schema)
    .adding(version: 2, reader: readVersion1Schema, upgrade: { (payload) throws(HandoffError) in payload })
    .adding(version: 1, reader: readVersion1Schema, upgrade: { (payload) throws(HandoffError) in payload })

/// The payload reader of versions 1 to 3 (`inviter_name` optional in each,
/// so that envelopes minted before version 3 existed without an inviter stay readable).
private func readVersion1Schema(_ fields: HandoffFields, _ kind: HandoffKind) throws(HandoffError) -> HandoffPayload {
    try HandoffPayload(version1: fields, kind: kind)
}
