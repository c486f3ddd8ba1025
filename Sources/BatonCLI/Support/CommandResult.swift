import Foundation

// What the record commands (`baton invites …`, `baton webhooks …`) share
// around their one database call: reading the id they are given, and
// printing the answer as JSON for machines (`--json`) or for people.

extension ParsedArguments {
    /// The positional argument at `index` as a UUID.
    /// - Throws: `UsageError(problem)` for anything else.
    func uuid(positional index: Int, _ problem: String) throws(UsageError) -> UUID {
        guard let id = UUID(uuidString: positionals[index]) else { throw UsageError(problem) }
        return id
    }

    /// The value of `--name` as a UUID, or nil when absent.
    /// - Throws: `UsageError(problem)` for anything else.
    func uuid(option name: String, _ problem: String) throws(UsageError) -> UUID? {
        guard let text = string(name) else { return nil }
        guard let id = UUID(uuidString: text) else { throw UsageError(problem) }
        return id
    }
}

extension Console {
    /// Prints `json()` with `--json`, otherwise `rows()` under `header` as a table.
    func result(
        _ arguments: ParsedArguments, json: () throws -> Any, table header: [String], rows: () throws -> [[String]]
    ) rethrows {
        if arguments.flag("json") { self.json(try json()) } else { table(header, try rows()) }
    }

    /// Prints `json()` with `--json`, otherwise the sentence `line()`.
    func result(_ arguments: ParsedArguments, json: () throws -> Any, line: () -> String) rethrows {
        if arguments.flag("json") { self.json(try json()) } else { out(line()) }
    }
}
