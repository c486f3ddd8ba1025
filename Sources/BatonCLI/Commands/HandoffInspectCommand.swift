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
            .flag("json", "Print the inspection as JSON."),
        ],
        discussion: """
            Reads the envelope from FILE, or from standard input when FILE is - or absent.
            Without --key the device policy runs (a server-minted envelope is shown as
            unverified); with --key the server policy runs and the MAC is checked.
            Exit 0 when the decoder accepts the envelope, 1 when it refuses it, 2 on usage errors.
            """,
        examples: ["baton handoff inspect handoff.txt", "pbpaste | baton handoff inspect --key k1:$(cat key.hex) --json"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let path = arguments.positionals.first ?? "-"
        // One byte over the decoder's limit is enough to be told "too large".
        let limit = HandoffLimits().maxBytes + 1
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        guard let handle else { throw UsageError("can't read \(path)") }
        let data = try handle.read(upToCount: limit) ?? Data()
        let inspection = HandoffInspection(envelope: String(decoding: data, as: UTF8.self), verifier: try keyring(arguments.strings("key")))
        console.out(arguments.flag("json") ? inspection.json : inspection.text)
        return inspection.isValid ? .success : .checkFailed
    }

    private static func keyring(_ specs: [String]) throws -> HandoffKeyring? {
        guard let first = specs.first else { return nil }
        var keys: [String: [UInt8]] = [:]
        for spec in specs {
            let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let bytes = Sodium.bytes(fromHex: parts[1]) else {
                throw UsageError("--key must be KID:HEX, got '\(spec)'")
            }
            keys[parts[0]] = bytes
        }
        do {
            return try HandoffKeyring(keys: keys, currentKeyID: String(first.prefix { $0 != ":" }))
        } catch {
            throw UsageError("--key: \(error.code)")
        }
    }
}
