import BatonCore

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
        discussion: """
            Only a keyed hash of the key is stored: save the printed key now, it can't be shown again.
            Standard output is the key alone (KEY=$(baton keys create ...) works); the notice and the
            key's id go to standard error.
            """,
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
        let (key, record) = try ConfiguredDatabase.open { configuration, connection in
            try APIKeyStore(secret: configuration.secretKey).create(name: name, scopes: Set(scopes), on: connection)
        }
        if arguments.flag("json") {
            console.json(["key": key.text, "id": record.publicID, "name": record.name, "scopes": record.scopes.map(\.rawValue)])
        } else {
            console.out(key.text)
            console.err("Save this key now: it is not stored and can't be shown again. Its id is \(record.publicID).")
        }
        return .success
    }
}
