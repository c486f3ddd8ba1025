import BatonCore
import Foundation

/// `baton keys list`: every key, without its secret.
enum KeysListCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "keys list",
        summary: "List API keys (ids, names, scopes, state); never the keys themselves.",
        options: [.flag("json", "Print the list as JSON.")],
        examples: ["baton keys list"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let records = try ConfiguredDatabase.open { configuration, connection in
            try APIKeyStore(secret: configuration.secretKey).list(on: connection)
        }
        let rows = records.map { record in
            [
                record.publicID, record.name, record.scopes.map(\.rawValue).joined(separator: ","),
                record.createdAt.formatted(.iso8601), record.revokedAt.map { "revoked " + $0.formatted(.iso8601) } ?? "active",
            ]
        }
        console.result(
            arguments, json: { rows.map { ["id": $0[0], "name": $0[1], "scopes": $0[2], "created_at": $0[3], "state": $0[4]] } },
            table: ["ID", "NAME", "SCOPES", "CREATED", "STATE"]
        ) { rows }
        return .success
    }
}
