import BatonCore
import BatonHandoff
import Foundation

/// `baton handoff inspect`: shows what a handoff envelope says and whether
/// the decoder accepts it, with every hidden character escaped.
enum HandoffInspectCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "handoff inspect",
        summary: "Show a handoff envelope's header, payload and verdict.",
        positionals: "[FILE|-]",
        positionalCount: 0...1,
        options: [
            .value("key", "KID:HEX", "A signing key (key id and 32 bytes as hex) to verify the MAC with.", repeats: true),
            .value("key-file", "FILE", "Signing keys, one KID:HEX a line (blank and # lines skipped): keeps them out of ps and history."),
            .flag("json", "Print the inspection as JSON."),
        ],
        discussion: """
            Reads the envelope from FILE, or from standard input when FILE is - or absent; a
            terminal as standard input is refused rather than waited on (pipe the envelope in or name a file).
            Without a key the device policy runs (a server-minted envelope is shown as unverified);
            with --key or --key-file the server policy runs and the MAC is checked.
            Exit 0 when the decoder accepts the envelope, 1 when it refuses it, 2 on usage errors.
            """,
        examples: [
            "baton handoff inspect handoff.txt", "pbpaste | baton handoff inspect --key-file keys.txt --json",
        ]
    )

    /// The most a key file may hold: far more than any keyring, far less than memory.
    static let keyFileLimit = 64 * 1024

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals.first ?? "-"
        // Read before waiting on the envelope, so a bad key is told at once.
        let keys = try arguments.strings("key").map(key) + keys(inFile: arguments.string("key-file"))
        if path == "-", isatty(FileHandle.standardInput.fileDescriptor) == 1 {
            throw UsageError("standard input is a terminal: pipe the envelope in (pbpaste | baton handoff inspect) or name a file")
        }
        // One byte over the decoder's limit is enough to be told "too large".
        let limit = HandoffLimits().maxBytes + 1
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        guard let handle else { throw UsageError("can't read \(path)") }
        let data = try handle.read(upToCount: limit) ?? Data()
        let inspection = HandoffInspection(envelope: String(decoding: data, as: UTF8.self), verifier: try keyring(keys))
        console.out(arguments.flag("json") ? inspection.json : inspection.text)
        return inspection.isValid ? .success : .checkFailed
    }

    /// One `--key` value.
    private static func key(_ spec: String) throws(UsageError) -> (id: String, bytes: [UInt8]) {
        guard let key = parsedKey(spec) else { throw UsageError("--key must be KID:HEX, got '\(spec)'") }
        return key
    }

    /// The keys of a `--key-file`, none when there is no file. A bad line
    /// is named by its number only: its text is key material.
    private static func keys(inFile path: String?) throws(UsageError) -> [(id: String, bytes: [UInt8])] {
        guard let path else { return [] }
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: keyFileLimit + 1) else {
            throw UsageError("can't read --key-file \(path)")
        }
        guard data.count <= keyFileLimit else { throw UsageError("--key-file \(path) is larger than \(keyFileLimit / 1024) KiB") }
        var keys: [(id: String, bytes: [UInt8])] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            guard let key = parsedKey(text) else { throw UsageError("--key-file \(path) line \(index + 1) is not KID:HEX") }
            keys.append(key)
        }
        guard !keys.isEmpty else { throw UsageError("--key-file \(path) holds no KID:HEX line") }
        return keys
    }

    private static func parsedKey(_ spec: String) -> (id: String, bytes: [UInt8])? {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let bytes = Sodium.bytes(fromHex: parts[1]) else { return nil }
        return (parts[0], bytes)
    }

    /// The keyring of `keys`, the first one current; nil (device policy) without keys.
    private static func keyring(_ keys: [(id: String, bytes: [UInt8])]) throws(UsageError) -> HandoffKeyring? {
        guard let first = keys.first else { return nil }
        do {
            return try HandoffKeyring(
                keys: Dictionary(keys.map { ($0.id, $0.bytes) }, uniquingKeysWith: { _, last in last }), currentKeyID: first.id)
        } catch {
            throw UsageError("--key: \(error.code)")
        }
    }
}
