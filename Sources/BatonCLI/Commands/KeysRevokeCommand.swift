import BatonCore
import Foundation

/// `baton keys revoke ID`: stops a key from working; idempotent.
enum KeysRevokeCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "keys revoke",
        summary: "Revoke an API key by its id; revoking twice is fine.",
        positionals: "ID",
        positionalCount: 1...1,
        options: [.flag("json", "Print the revoked key as JSON.")],
        examples: ["baton keys revoke 1f2e3d4c5b6a"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let record = try ConfiguredDatabase.open { configuration, connection in
            try APIKeyStore(secret: configuration.secretKey).revoke(publicID: arguments.positionals[0], on: connection)
        }
        console.result(
            arguments, json: { ["id": record.publicID, "revoked_at": record.revokedAt?.formatted(.iso8601) ?? ""] },
            line: { "revoked \(record.publicID) (\(record.name))" })
        return .success
    }
}
