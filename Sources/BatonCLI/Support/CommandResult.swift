import BatonJSON
import Foundation
import HTTP

// What the commands that show records (`baton invites …`, `baton webhooks …`,
// `baton jobs …`, `baton keys …`, …) share around their one call: reading the
// id they are given, and printing the answer as JSON for machines (`--json`)
// or for people.

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

    /// `value` encoded as the API encodes it (``JSONCoding``), as ``json(_:)`` prints it.
    static func apiJSON(_ value: some Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: try JSONCoding.encode(value))
    }

    /// Prints `json()` with `--json`, otherwise the sentence `line()`.
    func result(_ arguments: ParsedArguments, json: () throws -> Any, line: () -> String) rethrows {
        if arguments.flag("json") { self.json(try json()) } else { out(line()) }
    }
}
