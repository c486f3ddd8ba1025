import Foundation

/// One file, normally in the App Group container.
///
/// Writes are atomic (write aside, rename over) and, on iOS, protected until
/// the first unlock after boot, so the app can read it in the background.
/// `claim` renames the file to a unique name before reading it: rename is
/// atomic across processes, so exactly one reader gets the envelope.
struct FileHandoffStorage: Sendable {
    let url: URL

    private static func read(_ url: URL, maxBytes: Int) throws(HandoffError) -> String? {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw .storageFailed(reason: "the handoff file cannot be opened")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw .storageFailed(reason: "the handoff file cannot be read")
        }
        guard data.count <= maxBytes else { throw .tooLarge(size: data.count, limit: maxBytes) }
        return String(decoding: data, as: UTF8.self)
    }
}

extension FileHandoffStorage: HandoffStorage {
    func load(maxBytes: Int) throws(HandoffError) -> String? {
        try Self.read(url, maxBytes: maxBytes)
    }

    func save(_ text: String) throws(HandoffError) {
        var options: Data.WritingOptions = [.atomic]
        #if os(iOS)
        options.insert(.completeFileProtectionUntilFirstUserAuthentication)
        #endif
        do {
            try Data(text.utf8).write(to: url, options: options)
        } catch {
            throw .storageFailed(reason: "the handoff file cannot be written")
        }
    }

    func claim(maxBytes: Int) throws(HandoffError) -> String? {
        let claimed = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).claimed-\(UUID().uuidString)")
        guard rename(url.path, claimed.path) == 0 else {
            if errno == ENOENT { return nil }
            throw .storageFailed(reason: "the handoff file cannot be claimed")
        }
        defer { try? FileManager.default.removeItem(at: claimed) }
        return try Self.read(claimed, maxBytes: maxBytes)
    }

    func remove() throws(HandoffError) {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw .storageFailed(reason: "the handoff file cannot be removed")
        }
    }
}
