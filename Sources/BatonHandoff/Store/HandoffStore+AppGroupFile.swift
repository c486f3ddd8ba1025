import Foundation

extension HandoffStore {
    /// The file the App Group store keeps its one handoff in.
    public static let defaultFileName = "baton-handoff.jws"

    /// The store the guide recommends: a file in the App Group container
    /// `identifier`, whose `take()` is atomic across the clip's and the app's
    /// processes (a `UserDefaults` suite cannot promise that).
    ///
    /// `identifier` is `group.<name>` (iOS, and macOS 15 and later) or
    /// `<TEAMID>.<name>` with a 10-character team id (macOS), spelled exactly
    /// as in the target's entitlements: App Group identifiers are
    /// case-sensitive, and two spellings are two containers.
    ///
    /// - Throws: `handoff_storage_failed` when `identifier` is not an App Group
    ///   identifier, when this target is not entitled to that exact group, when
    ///   the container cannot be created, and on platforms without App Groups
    ///   (use ``appGroupFile(_:in:fileName:decoder:)`` there).
    public static func appGroupFile(
        _ identifier: String, fileName: String = defaultFileName, decoder: HandoffDecoder = HandoffDecoder(policy: .device)
    ) throws(HandoffError) -> HandoffStore {
        try requireAppGroupIdentifier(identifier)
        #if canImport(Darwin)
        guard let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier) else {
            throw .storageFailed(reason: "this target is not entitled to the App Group (check the identifier's case)")
        }
        return try file(in: container, fileName: fileName, decoder: decoder)
        #else
        throw .storageFailed(reason: "App Group containers exist only on Apple platforms; name a directory of containers")
        #endif
    }

    /// The same store with the App Group containers laid out as directories
    /// under `containers`, one per identifier (as macOS lays out
    /// `~/Library/Group Containers`): for tests, previews and command-line
    /// tools off the device. The container directory is created when missing.
    ///
    /// - Throws: `handoff_storage_failed` when `identifier` is not an App Group
    ///   identifier or the container cannot be created.
    public static func appGroupFile(
        _ identifier: String, in containers: URL, fileName: String = defaultFileName,
        decoder: HandoffDecoder = HandoffDecoder(policy: .device)
    ) throws(HandoffError) -> HandoffStore {
        try requireAppGroupIdentifier(identifier)
        return try file(in: containers.appending(path: identifier, directoryHint: .isDirectory), fileName: fileName, decoder: decoder)
    }

    /// Whether `identifier` is an App Group identifier: `group.` or a team id
    /// (10 uppercase letters and digits) and a dot, then 1 to 244 letters,
    /// digits, dots and hyphens; nothing that could name another directory.
    public static func isAppGroupIdentifier(_ identifier: String) -> Bool {
        let utf8 = Array(identifier.utf8)
        guard utf8.count <= 255, let dot = utf8.firstIndex(of: UInt8(ascii: ".")), dot < utf8.count - 1 else { return false }
        let prefix = utf8[..<dot]
        let isTeamID = prefix.count == 10 && prefix.allSatisfy { isUppercaseLetter($0) || isDigit($0) }
        guard String(decoding: prefix, as: UTF8.self) == "group" || isTeamID else { return false }
        let name = utf8[(dot + 1)...]
        // `& 0xDF` folds a lowercase ASCII letter onto its uppercase one and no other byte onto a letter.
        return name.first != UInt8(ascii: ".")
            && name.allSatisfy { byte in
                isUppercaseLetter(byte & 0xDF) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            }
    }

    private static func isUppercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// - Throws: `handoff_storage_failed` unless ``isAppGroupIdentifier(_:)``.
    static func requireAppGroupIdentifier(_ identifier: String) throws(HandoffError) {
        guard isAppGroupIdentifier(identifier) else {
            throw .storageFailed(reason: "an App Group identifier is group.<name> or, on macOS, <TEAMID>.<name>")
        }
    }

    private static func file(in container: URL, fileName: String, decoder: HandoffDecoder) throws(HandoffError) -> HandoffStore {
        guard !fileName.isEmpty, !fileName.contains("/"), fileName != ".", fileName != ".." else {
            throw .storageFailed(reason: "the handoff file name must be a single path component")
        }
        do {
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        } catch {
            throw .storageFailed(reason: "the App Group container cannot be created")
        }
        return file(at: container.appending(path: fileName), decoder: decoder)
    }
}
