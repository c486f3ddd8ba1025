import BatonCore
import Foundation
import Postgres

/// `baton keys create`: makes an API key and prints it once.
enum KeysCreateCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "keys create",
        summary: "Create an API key with the given scopes; the key is printed once.",
        options: [
            .value("name", "NAME", "What the key is for (1-100 characters)."),
            .value("scope", "SCOPE", "A scope: \(Scope.allCases.map(\.rawValue).joined(separator: ", ")).", repeats: true),
            .flag("json", "Print {\"key\": ..., ...} as JSON."),
        ],
        discussion: "Only a keyed hash of the key is stored: save the printed key now, it can't be shown again.",
        examples: ["baton keys create --name backend --scope invites:write --scope invites:read --scope redemptions:write"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard let name = arguments.string("name") else { throw UsageError("--name is required") }
        let scopes = try arguments.strings("scope").map { text throws(UsageError) -> Scope in
            guard let scope = Scope(rawValue: text) else {
                throw UsageError("unknown scope '\(text)'; scopes are \(Scope.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return scope
        }
        guard !scopes.isEmpty else { throw UsageError("give at least one --scope") }
        let (key, record) = try KeysDatabase.open { store, connection in
            try store.create(name: name, scopes: Set(scopes), on: connection)
        }
        if arguments.flag("json") {
            console.json(["key": key.text, "id": record.publicID, "name": record.name, "scopes": record.scopes.map(\.rawValue)])
        } else {
            console.out("\(key.text)\n\nSave this key now: it is not stored and can't be shown again. Its id is \(record.publicID).")
        }
        return .success
    }
}

/// `baton keys list`: every key, without its secret.
enum KeysListCommand: BatonCommand {
    static let spec = CommandSpec(
        name: "keys list",
        summary: "List API keys (ids, names, scopes, state); never the keys themselves.",
        options: [.flag("json", "Print the list as JSON.")],
        examples: ["baton keys list"]
    )

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let records = try KeysDatabase.open { store, connection in try store.list(on: connection) }
        let rows = records.map { record in
            [record.publicID, record.name, record.scopes.map(\.rawValue).joined(separator: ","),
             record.createdAt.formatted(.iso8601), record.revokedAt.map { "revoked " + $0.formatted(.iso8601) } ?? "active"]
        }
        if arguments.flag("json") {
            console.json(rows.map { ["id": $0[0], "name": $0[1], "scopes": $0[2], "created_at": $0[3], "state": $0[4]] })
        } else {
            console.table(["ID", "NAME", "SCOPES", "CREATED", "STATE"], rows)
        }
        return .success
    }
}

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
        let record = try KeysDatabase.open { store, connection in
            try store.revoke(publicID: arguments.positionals[0], on: connection)
        }
        if arguments.flag("json") {
            console.json(["id": record.publicID, "revoked_at": record.revokedAt?.formatted(.iso8601) ?? ""])
        } else {
            console.out("revoked \(record.publicID) (\(record.name))")
        }
        return .success
    }
}

/// Opens the configured database once for a `keys` command.
private enum KeysDatabase {
    static func open<T>(_ body: (APIKeyStore, PostgresConnection) throws -> T) throws -> T {
        let configuration = try BatonConfiguration()
        let connection = try PostgresConnection(configuration.databaseURL)
        defer { connection.close() }
        return try body(APIKeyStore(secret: configuration.secretKey), connection)
    }
}
